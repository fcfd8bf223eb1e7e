import TipsSource

/// `invalidate when e [where filter] [reason r]`: a donation of `event` passing `filter`
/// invalidates the tip.
public struct InvalidationTrigger: Sendable, Hashable {
    /// Index into ``CatalogModel/events``.
    public var event: Int
    /// Conjunction the donation must pass; empty means every donation.
    public var filter: [FilterComparison]
    /// The status reason the tip gets.
    public var reason: InvalidationReason
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(event: Int, filter: [FilterComparison], reason: InvalidationReason, range: SourceRange) {
        self.event = event
        self.filter = filter
        self.reason = reason
        self.range = range
    }
}
