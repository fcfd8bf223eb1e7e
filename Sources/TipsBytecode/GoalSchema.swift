/// A tip's goal (format version 7): `goal e [where filter] within D`. A donation of `event`
/// passing `filter` within `window` after the tip's first presentation began is the tip's
/// conversion (Docs/events.md, "converted").
public struct GoalSchema: Hashable, Sendable {
    /// Index into the bundle's tips; each tip has at most one goal.
    public var tip: UInt32
    /// Index into the bundle's events.
    public var event: UInt32
    /// Index into the bundle's filters (over `event`'s payload), or `noIndex`: every donation.
    public var filter: UInt32
    /// How long after the first presentation began a donation still counts, in ms (> 0).
    public var window: Int64

    public init(tip: UInt32, event: UInt32, filter: UInt32 = noIndex, window: Int64) {
        self.tip = tip
        self.event = event
        self.filter = filter
        self.window = window
    }
}
