import TipsSource

/// `count(e by f where filter within 7d)` and its siblings, resolved.
public struct EventQuery: Sendable, Hashable {
    /// The aggregate computed.
    public enum Function: String, Sendable, Hashable, CaseIterable {
        /// Number of matching donations (Int, in `0...limit`).
        case count
        /// Size of the largest group of matching donations with an equal `groupBy` field (Int).
        case largestGroup
        /// Size of the smallest non-empty such group (Int, 0 when none).
        case smallestGroup
        /// Instant of the earliest matching donation (Date?).
        case first
        /// Instant of the latest matching donation (Date?).
        case last
        /// Number of distinct local days, in the device's time zone, with a matching donation (Int).
        case days
    }

    /// The aggregate computed.
    public var function: Function
    /// Index into ``CatalogModel/events``.
    public var event: Int
    /// Payload field index grouped by (`largestGroup`/`smallestGroup` only).
    public var groupBy: Int?
    /// Conjunction of comparisons every counted donation must pass; empty means all.
    public var filter: [FilterComparison]
    /// The window in milliseconds (> 0): donations with `now - window <= t <= now`.
    public var window: Int64?
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(function: Function, event: Int, groupBy: Int?, filter: [FilterComparison],
                window: Int64?, range: SourceRange) {
        self.function = function
        self.event = event
        self.groupBy = groupBy
        self.filter = filter
        self.window = window
        self.range = range
    }
}
