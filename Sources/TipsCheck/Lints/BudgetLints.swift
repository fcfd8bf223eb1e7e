import TipsSource
import TipsSyntax

/// W134 and W142: budget options that have no effect. A priority orders tips only for a
/// display budget's places, and an exemption exempts from a budget, so without any
/// `displayBudget` neither does anything; a `together` group skips the display-frequency
/// cooldown and shares a budget's place, so with the frequency `immediate` and no budget it
/// changes nothing. No fix-it removes the option: the author meant it, and the likely fix
/// is the missing budget, whose size only the author knows.
enum BudgetLints {
    /// W134, per tip (it reads the tip and the configuration only).
    static func tipLints(_ context: LintContext) -> [Diagnostic] {
        guard !hasBudget(context) else { return [] }
        var out: [Diagnostic] = []
        let note = Note("display budgets are set in the config block, as in 'config { displayBudget 1 per day }' or "
                        + "'displayBudget 3 per launch'")
        for tip in context.tips {
            for item in tip.items {
                switch item {
                case .ignoresDisplayBudget(true, let range):
                    out.append(.warning(.budgetOptionWithoutBudget,
                                        "option 'ignoresDisplayBudget' has no effect: the catalog declares no display budget",
                                        at: range, notes: [note]))
                case .priority(let e, let range):
                    guard let n = LintConstant.int(e, names: context.constantValues), n != 0 else { continue }
                    out.append(.warning(.budgetOptionWithoutBudget,
                                        "option 'priority \(context.text(e.range))' has no effect: the catalog declares no display budget",
                                        at: range,
                                        notes: [Note("a priority decides which tip takes a display budget's last places; "
                                                     + "without a budget every eligible tip may show"), note]))
                default:
                    break
                }
            }
        }
        return out
    }

    /// W142, over the whole catalog.
    static func catalogLints(_ context: LintContext) -> [Diagnostic] {
        guard !hasBudget(context), !MissingRulesLint.hasCooldown(context), !brokenFrequency(context) else { return [] }
        return context.groups.compactMap { group in
            guard let together = group.together else { return nil }
            return .warning(.togetherWithoutEffect,
                            "option 'together' of group '\(group.name.name)' has no effect: the display frequency is immediate and "
                                + "the catalog declares no display budget",
                            at: together,
                            notes: [Note("'together' lets the members skip the display-frequency cooldown and share one place "
                                         + "of a display budget; it matters once the catalog sets a displayFrequency such as "
                                         + "daily, or a displayBudget")])
        }
    }

    /// Whether the config block declares a display budget, or tries to and does not parse
    /// (then the setting's own error is the one to read, and the options are meant).
    static func hasBudget(_ context: LintContext) -> Bool {
        if context.configValue({ item -> Bool? in if case .displayBudget = item { true } else { nil } }) != nil { return true }
        return context.configs.contains { context.text($0.range).contains("isplayBudget") }
    }

    /// A config block that mentions the display frequency without a parsed setting.
    static func brokenFrequency(_ context: LintContext) -> Bool {
        context.configValue({ item -> Bool? in if case .displayFrequency = item { true } else { nil } }) == nil
            && context.configs.contains { context.text($0.range).contains("isplayFrequency") }
    }

    /// Whether the config block declares a budget that spaces tips out: any daily budget (at
    /// most N tips a day), or a budget of one tip a launch. Tips that ignore budgets are not
    /// spaced out by it.
    static func budgetSpacesTips(_ context: LintContext) -> Bool {
        for config in context.configs {
            for case .displayBudget(let e, let unit, _) in config.items {
                if unit.name == "day" { return true }
                if unit.name == "launch", LintConstant.int(e, names: context.constantValues) == 1 { return true }
            }
        }
        return false
    }

    /// Whether the tip's last `ignoresDisplayBudget` item says true.
    static func ignoresBudget(_ tip: TipDeclSyntax) -> Bool {
        var value = false
        for case .ignoresDisplayBudget(let v, _) in tip.items { value = v }
        return value
    }
}
