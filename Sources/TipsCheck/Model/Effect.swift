import TipsSource

/// What an action does.
public enum Effect: Sendable, Hashable {
    /// Invalidate the tip the action belongs to.
    case invalidate(InvalidationReason, range: SourceRange)
    /// Store `value` (already of the parameter's type, promotions explicit) into
    /// ``CatalogModel/parameters``[parameter]; evaluated when the action runs.
    case set(parameter: Int, value: CheckedExpr, range: SourceRange)
    /// Donate ``CatalogModel/events``[event]; `values[i]` is payload field `i`, one per field.
    case donate(event: Int, values: [CheckedExpr], range: SourceRange)
    /// Snooze the tip the action belongs to for `interval` milliseconds (> 0); once it has
    /// been snoozed `limit` times (>= 1, nil: no limit) the action dismisses it for good.
    case snooze(interval: Int64, limit: Int?, range: SourceRange)

    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange {
        switch self {
        case .invalidate(_, let r), .set(_, _, let r), .donate(_, _, let r), .snooze(_, _, let r): r
        }
    }
}
