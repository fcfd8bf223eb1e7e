/// What the journal knows about one tip's displays and invalidation.
public struct TipState: Sendable, Hashable {
    /// Presentations begun (a begin while one is open is the same presentation).
    public var displayCount: Int64 = 0
    /// Cumulative milliseconds of completed presentations.
    public var displayMs: Int64 = 0
    /// When the first presentation began, for the app-wide display-frequency cooldown.
    public var firstDisplayAt: Int64?
    /// When the latest presentation began.
    public var lastDisplayAt: Int64?
    /// Set while a presentation is open (began, not yet ended). Survives a crash, so the
    /// runtime can decide how to account for a presentation the process didn't see end.
    public var openSince: Int64?
    /// Set while the tip is invalidated; cleared by `resetEligibility`.
    public var invalidation: Invalidation?

    public init(displayCount: Int64 = 0, displayMs: Int64 = 0, firstDisplayAt: Int64? = nil,
                lastDisplayAt: Int64? = nil, openSince: Int64? = nil,
                invalidation: Invalidation? = nil) {
        self.displayCount = displayCount
        self.displayMs = displayMs
        self.firstDisplayAt = firstDisplayAt
        self.lastDisplayAt = lastDisplayAt
        self.openSince = openSince
        self.invalidation = invalidation
    }

    /// True when nothing has happened to the tip: such a tip needs no snapshot record.
    public var isEmpty: Bool { self == TipState() }
}

/// A tip's invalidation: why and when.
public struct Invalidation: Sendable, Hashable {
    /// `actionPerformed`, `displayCountExceeded`, `displayDurationExceeded`, `tipClosed`, or
    /// whatever a later runtime writes: the journal keeps the string as given.
    public var reason: String
    public var at: Int64

    public init(reason: String, at: Int64) {
        self.reason = reason
        self.at = at
    }
}
