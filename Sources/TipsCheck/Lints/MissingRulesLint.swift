import TipsSource
import TipsSyntax

/// W110: tips without rules that show together on first launch.
///
/// A tip without rules is eligible at once. For one tip anchored to a screen that is normal
/// TipKit practice: it shows when the screen first opens. The mistake is several of them
/// with nothing to space them out (Review Checklist: rules "do not show every tip on first
/// launch"): with the display frequency `immediate` and no daily budget (or a tip that
/// ignores them), every such
/// tip outside a group is available at the same moment. A group shows one member at a time,
/// so it counts once; later members of an ordered group wait for earlier ones, and reusable
/// tips appear only when the app creates an instance for an item.
enum MissingRulesLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        let cooldown = hasCooldown(context)
        // A daily budget (or one tip a launch) shows the tips one after another, not all at once.
        let budget = BudgetLints.budgetSpacesTips(context)
        var gated: Set<String> = []
        var groupOf: [String: String] = [:]
        for group in context.groups {
            for member in group.members where groupOf[member.name] == nil { groupOf[member.name] = group.name.name }
            if group.priority == .ordered {
                for member in group.members.dropFirst() { gated.insert(member.name) }
            }
        }
        // Whether a tip has a rule first: it is the cheap test that settles most tips (this
        // lint runs over the whole catalog on every re-check).
        let ruleless = context.tips.filter { tip in
            !tip.items.contains { if case .rule = $0 { true } else { false } }
                && tip.arguments.isEmpty && !gated.contains(tip.name.name) && (!cooldown || ignoresFrequency(tip))
                && (!budget || BudgetLints.ignoresBudget(tip))
        }
        // One slot per ungrouped tip, one per group: what can be on screen at once.
        var slots: [String] = []
        for tip in ruleless {
            let slot = groupOf[tip.name.name].map { "group '\($0)'" } ?? "'\(tip.name.name)'"
            if !slots.contains(slot) { slots.append(slot) }
        }
        guard slots.count >= 2 else { return [] }
        return ruleless.map { tip in
            let own = groupOf[tip.name.name].map { "group '\($0)'" } ?? "'\(tip.name.name)'"
            let others = slots.filter { $0 != own }
            let list = others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
            return .warning(
                .noRules,
                "tip '\(tip.name.name)' has no rules, and neither has \(list): they all show on first launch",
                at: tip.name.range,
                notes: [Note("a tip without rules is available at once; add rules that select each tip's audience, "
                             + "put such tips in a group, or set a displayFrequency or a 'displayBudget 1 per day' so displays are spaced out")])
        }
    }

    /// Whether the catalog's display frequency spaces out first displays.
    static func hasCooldown(_ context: LintContext) -> Bool {
        guard let (frequency, _) = context.configValue({ item -> DisplayFrequencySyntax? in
            if case .displayFrequency(let f, _) = item { f } else { nil }
        }) else { return false }
        if case .named(let name) = frequency { return name.name != "immediate" }
        return true
    }

    static func ignoresFrequency(_ tip: TipDeclSyntax) -> Bool {
        tip.items.contains { if case .ignoresDisplayFrequency(true, _) = $0 { true } else { false } }
    }
}
