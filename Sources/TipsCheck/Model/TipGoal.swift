import TipsSource

/// `goal e [where filter] within D`: what a tip teaches. A donation of `event` passing
/// `filter` within `window` after a presentation of the tip began is a conversion.
public struct TipGoal: Sendable, Hashable {
    /// Index into ``CatalogModel/events``.
    public var event: Int
    /// Conjunction the donation must pass; empty means every donation.
    public var filter: [FilterComparison]
    /// How long after a presentation began a donation still counts, in milliseconds (> 0).
    public var window: Int64
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(event: Int, filter: [FilterComparison], window: Int64, range: SourceRange) {
        self.event = event
        self.filter = filter
        self.window = window
        self.range = range
    }
}
