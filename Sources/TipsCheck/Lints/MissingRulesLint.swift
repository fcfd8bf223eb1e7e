import TipsSource
import TipsSyntax

/// W110: a tip with no rules is eligible at once, so it shows on first launch, before the
/// user has touched the feature (Review Checklist: rules "do not show every tip on first
/// launch"). Members of an ordered group after the first are exempt: they wait for the
/// members before them.
enum MissingRulesLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var gated: Set<String> = []
        for group in context.groups where group.priority == .ordered {
            for member in group.members.dropFirst() { gated.insert(member.name) }
        }
        var out: [Diagnostic] = []
        for tip in context.tips where !gated.contains(tip.name.name) {
            guard context.rules(of: tip).isEmpty else { continue }
            out.append(.warning(
                LintCode.noRules.rawValue,
                "tip '\(tip.name.name)' has no rules, so it shows on first launch",
                at: tip.name.range,
                notes: [Note("add a rule so only the intended audience sees it, e.g. 'rule count(featureUsed) >= 1'")]))
        }
        return out
    }
}
