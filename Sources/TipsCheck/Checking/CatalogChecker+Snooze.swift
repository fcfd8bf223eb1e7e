import TipsSource
import TipsSyntax
import TipsTime

extension CatalogChecker {
    /// What a snooze interval may be, listed in every E445 about one.
    static let snoozeIntervalForms = "a snooze interval is a positive constant duration, as in 'snooze 3d', 'snooze 12h' or 'snooze 1w' "
        + "(units ms, s, m, h, d, w), or a constant of type Duration"
    /// What a snooze limit may be, listed in every E445 about one.
    static let snoozeLimitForms = "a snooze limit is a constant Int of at least 1, as in 'snooze 3d limit 2'; "
        + "without 'limit' the tip can be snoozed any number of times"

    /// `snooze INTERVAL [limit N]`: the interval a positive constant duration and the limit a
    /// constant Int >= 1, each reported as E445 with the valid forms otherwise.
    mutating func snooze(interval: ExprSyntax, limit: ExprSyntax?, range: SourceRange) -> Effect? {
        let ms = snoozeInterval(interval)
        var n: Int?
        var limitOK = true
        if let limit {
            n = snoozeLimit(limit)
            limitOK = n != nil
        }
        guard let ms, limitOK else { return nil }
        return .snooze(interval: ms, limit: n, range: range)
    }

    private mutating func snoozeInterval(_ expr: ExprSyntax) -> Int64? {
        constantInterval(expr, what: "a snooze interval", code: .invalidSnooze, notes: [Note(Self.snoozeIntervalForms)])
    }

    private mutating func snoozeLimit(_ expr: ExprSyntax) -> Int? {
        let notes = [Note(Self.snoozeLimitForms)]
        let typed = typeExpr(expr, expected: .int)
        if typed.type.isError { return nil }
        guard typed.type == .int else {
            error(.invalidSnooze, "a snooze limit must be an Int, found '\(typeName(typed.type))'", at: expr.range, notes: notes)
            return nil
        }
        guard case .int(let n)? = typed.constantValue else {
            error(.invalidSnooze, "a snooze limit must be a constant Int", at: expr.range, notes: notes)
            return nil
        }
        guard n >= 1 else {
            error(.invalidSnooze, "a snooze limit must be at least 1, found \(n)", at: expr.range, notes: notes,
                  fixIts: [.replace(expr.range, with: "1", message: "replace with '1'")])
            return nil
        }
        guard n <= Int64(UInt32.max) else {
            error(.invalidSnooze, "a snooze limit must be at most \(UInt32.max), found \(n)", at: expr.range, notes: notes)
            return nil
        }
        return Int(n)
    }
}
