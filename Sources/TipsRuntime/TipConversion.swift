/// A tip's goal and whether the tip converted (Docs/events.md, "converted"): the goal's
/// event was donated, passing its filter, within the window after the tip's first
/// presentation began. Derived from the journal's records (the first presentation and the
/// donations it keeps), never written as a record of its own, so replaying or merging
/// journals cannot make a second conversion. One per plain tip, one per reusable instance.
public struct TipConversion: Hashable, Sendable, Encodable {
    /// The goal as written: `shareLinkUsed where viaLink within 7d`.
    public var goal: String
    /// The goal's event.
    public var event: String
    /// The window in milliseconds, counted from the first presentation.
    public var window: Int64
    /// When the window started: the tip's first presentation, or for an install in the
    /// holdout its exposure (nil: neither yet, so it cannot convert yet).
    public var firstShownAt: Int64?
    /// Whether the window started at a holdout exposure (the tip was never shown) rather
    /// than at the first presentation.
    public var startsAtExposure = false
    /// The end of the window (nil until the tip is first shown).
    public var windowEndsAt: Int64?
    /// When the converting donation happened (nil: not converted).
    public var convertedAt: Int64?
    /// The presentation the conversion is attributed to (the first one), as events name
    /// it: `<tip or instance>#1@<began ms>`; nil when not converted.
    public var presentation: String?

    /// True when the goal's event was donated within the window.
    public var isConverted: Bool { convertedAt != nil }
}
