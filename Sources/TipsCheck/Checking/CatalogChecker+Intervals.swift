import TipsSource
import TipsSyntax
import TipsTime

extension CatalogChecker {
    /// The longest interval a tip clause may wait (the bundle's limit for renewals).
    static let longestInterval: Int64 = 100 * 366 * 86_400_000
    /// What `resetEligibility after` takes, listed in every E413 about it.
    static let renewalIntervalForms = "the interval is a positive constant duration of at most 100 years, "
        + "counted from the tip's invalidation, as in 'resetEligibility after 60d' or 'resetEligibility after 26w' "
        + "(units ms, s, m, h, d, w), or a constant of type Duration"

    /// `expr` as a positive constant duration of at most 100 years, for `what` ("a snooze
    /// interval"); every mistake is reported as `code` with `notes` (the valid forms). A bare
    /// number gets a fix-it in days, the unit such intervals are most often counted in.
    mutating func constantInterval(_ expr: ExprSyntax, what: String, code: DiagnosticCode, notes: [Note]) -> Int64? {
        if case .integer(let n, let r) = expr {
            let spelled = "\(max(1, n))d"
            error(code, "\(what) must be a duration, found the number \(n)", at: r,
                  notes: notes, fixIts: n > 0 ? [.replace(r, with: spelled, message: "replace with '\(spelled)'")] : [])
            return nil
        }
        let typed = typeExpr(expr, expected: .duration)
        if typed.type.isError { return nil }
        guard typed.type == .duration else {
            error(code, "\(what) must be a duration, found '\(typeName(typed.type))'", at: expr.range, notes: notes)
            return nil
        }
        guard case .duration(let ms)? = typed.constantValue else {
            error(code, "\(what) must be a constant duration", at: expr.range, notes: notes)
            return nil
        }
        guard ms > 0 else {
            error(code, "\(what) must be positive, found \(DurationText.format(ms, zero: "0ms"))", at: expr.range, notes: notes)
            return nil
        }
        guard ms <= Self.longestInterval else {
            error(code, "\(what) must be at most 100 years, found \(DurationText.format(ms))", at: expr.range, notes: notes)
            return nil
        }
        return ms
    }
}
