import TipsSource

/// The aggregate an event query computes.
public enum QueryFunction: String, Sendable, Hashable, CaseIterable {
    /// `count(e ...)`: the number of matching donations (Int).
    case count
    /// `largestGroup(e by field ...)`: the size of the largest group of matching donations
    /// with equal `field` (Int, 0 when there are none).
    case largestGroup
    /// `smallestGroup(e by field ...)`: the size of the smallest non-empty such group (Int, 0 when none).
    case smallestGroup
    /// `first(e ...)`: the instant of the earliest matching donation (Date?).
    case first
    /// `last(e ...)`: the instant of the latest matching donation (Date?).
    case last
    /// `days(e ...)`: the number of distinct local days (device time zone) with a matching donation (Int).
    case days
}

/// `count(itemViewed where category == .books && price > 10 within 7d)` and its siblings.
///
/// Grammar: `FUNCTION "(" EVENT ["by" FIELD] ["where" expr] ["within" DURATION] ")"`.
public struct EventQuerySyntax: Sendable, Hashable {
    /// Which aggregate.
    public var function: QueryFunction
    /// The range of the function name.
    public var functionRange: SourceRange
    /// The event queried.
    public var event: Identifier
    /// The payload field to group by (`largestGroup`/`smallestGroup` only).
    public var groupBy: Identifier?
    /// The payload filter: a conjunction of `field op constant` (the checker enforces it).
    public var filter: ExprSyntax?
    /// The window, as written (a duration expression, usually a literal like `7d`).
    public var window: ExprSyntax?
    /// From the function name to the closing parenthesis.
    public var range: SourceRange

    public init(function: QueryFunction, functionRange: SourceRange, event: Identifier,
                groupBy: Identifier?, filter: ExprSyntax?, window: ExprSyntax?, range: SourceRange) {
        self.function = function
        self.functionRange = functionRange
        self.event = event
        self.groupBy = groupBy
        self.filter = filter
        self.window = window
        self.range = range
    }
}
