import TipsSource
import TipsSyntax

/// W113: a tip with `invalidate when e` (no filter) and a rule that needs at least one
/// donation of `e`, like `rule count(e) >= 3`. The first donation of `e` invalidates the tip
/// before the rule can hold, and invalidation is permanent: the tip never shows.
enum SelfInvalidatingRuleLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            var invalidators: [String: SourceRange] = [:]
            for case .invalidateWhen(let event, let filter, _, let range) in tip.items where filter == nil {
                if invalidators[event.name] == nil { invalidators[event.name] = range }
            }
            guard !invalidators.isEmpty else { continue }
            for rule in context.rules(of: tip) {
                for conjunct in rule.expr.lintConjuncts {
                    guard let c = LintCountComparison(conjunct, names: context.constantValues), let n = c.minimumCount, n >= 1,
                          let at = invalidators[c.query.event.name] else { continue }
                    let event = c.query.event.name
                    out.append(.warning(
                        .selfInvalidating,
                        "tip '\(tip.name.name)' can never show: this rule needs a donation of '\(event)', and every donation of '\(event)' invalidates the tip",
                        at: c.range,
                        notes: [Note("'invalidate when \(event)' is here; add a 'where' filter or invalidate on another event", at: at)]))
                }
            }
        }
        return out
    }
}
