import TipsSource

/// Something an action does when the user picks it.
public enum EffectSyntax: Sendable, Hashable {
    /// `invalidate [reason R]`: invalidate this tip; the reason defaults to `actionPerformed`.
    case invalidate(reason: Identifier?, range: SourceRange)
    /// `set param = expr`: give a parameter a new value (evaluated when the action runs).
    case set(Identifier, ExprSyntax, range: SourceRange)
    /// `donate event(field: expr, ...)`: donate an event with the given payload.
    case donate(Identifier, [FieldValueSyntax], range: SourceRange)
    /// `snooze INTERVAL [limit N]`: hide this tip for the interval ("Remind me later"); after
    /// `N` snoozes the action dismisses the tip for good. Both are checked by the checker
    /// (a positive duration and a limit of at least 1), so they are kept as written.
    case snooze(interval: ExprSyntax, limit: ExprSyntax?, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .invalidate(_, let r), .set(_, _, let r), .donate(_, _, let r), .snooze(_, _, let r): r
        }
    }
}

/// `field: value` inside `donate e(...)`.
public struct FieldValueSyntax: Sendable, Hashable {
    public var field: Identifier
    public var value: ExprSyntax
    public var range: SourceRange

    public init(field: Identifier, value: ExprSyntax, range: SourceRange) {
        self.field = field
        self.value = value
        self.range = range
    }
}
