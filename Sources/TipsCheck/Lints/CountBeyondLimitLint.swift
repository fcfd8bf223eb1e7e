import TipsSource
import TipsSyntax

/// W114: an event keeps only its most recent N donations (its `limit`, else the config's
/// `donationLimit`, else 1000), and queries see only those, so `count(e) >= 5` with
/// `limit 3` can never hold.
///
/// When such a comparison decides the whole rule (the rule or one of its top-level `&&`
/// parts), the checker reports the rule as never true (E418), an error. This lint covers
/// what that leaves: a comparison inside an `||` branch, which makes the branch dead while
/// the rule as a whole can still hold.
enum CountBeyondLimitLint {
    /// The default number of donations kept per event (semantics: "most recent 1000").
    static let defaultLimit: Int64 = 1000

    static func run(_ context: LintContext) -> [Diagnostic] {
        let configLimit = context.configValue { item -> ExprSyntax? in
            if case .donationLimit(let e, _) = item { e } else { nil }
        }
        var out: [Diagnostic] = []
        for tip in context.tips {
            for rule in context.rules(of: tip) {
                for comparison in deadBranchCandidates(rule.expr, insideOr: false) {
                    if let d = check(comparison, context: context, configLimit: configLimit) { out.append(d) }
                }
            }
        }
        return out
    }

    /// The operands reached from `expr` through `&&`, `||` and parentheses after passing at
    /// least one `||`. Under `!` the meaning flips, so the walk stops there.
    static func deadBranchCandidates(_ expr: ExprSyntax, insideOr: Bool) -> [ExprSyntax] {
        switch expr.lintUnparenthesized {
        case .binary(.and, let l, let r, _, _):
            return deadBranchCandidates(l, insideOr: insideOr) + deadBranchCandidates(r, insideOr: insideOr)
        case .binary(.or, let l, let r, _, _):
            return deadBranchCandidates(l, insideOr: true) + deadBranchCandidates(r, insideOr: true)
        default:
            return insideOr ? [expr] : []
        }
    }

    private static func check(_ expr: ExprSyntax, context: LintContext,
                              configLimit: (value: ExprSyntax, range: SourceRange)?) -> Diagnostic? {
        guard let c = LintCountComparison(expr, names: context.constantValues), let needed = c.minimumCount,
              let event = context.eventsByName[c.query.event.name] else { return nil }
        let limit: Int64
        let note: Note
        if let e = event.limit {
            guard let v = LintConstant.int(e, names: context.constantValues) else { return nil }
            limit = v
            note = Note("'\(event.name.name)' keeps at most \(v) donations", at: e.range)
        } else if let config = configLimit {
            guard let v = LintConstant.int(config.value, names: context.constantValues) else { return nil }
            limit = v
            note = Note("the catalog keeps at most \(v) donations per event", at: config.range)
        } else {
            limit = defaultLimit
            note = Note("by default only the most recent \(defaultLimit) donations of an event are kept")
        }
        guard limit >= 1, needed > limit else { return nil }
        return .warning(
            .countBeyondLimit,
            "comparison '\(context.text(c.range))' can never be true: at most \(limit) donations of '\(event.name.name)' are kept",
            at: c.range,
            notes: [note, Note("this branch of '||' is dead; the rule holds only through the others")])
    }
}
