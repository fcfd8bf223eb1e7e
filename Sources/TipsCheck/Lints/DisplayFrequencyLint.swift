import TipsSource
import TipsSyntax

/// W133: a catalog that sets a display frequency while every tip ignores it. The cooldown
/// holds back only tips without `ignoresDisplayFrequency`, so with none left the setting
/// does nothing, and every eligible tip can appear at once.
enum DisplayFrequencyLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        guard let frequency = context.configValue({ item -> DisplayFrequencySyntax? in
            if case .displayFrequency(let f, _) = item { f } else { nil }
        }) else { return [] }
        if case .named(let id) = frequency.value, id.name == "immediate" { return [] }
        // One tip has no other tip to hold back; the lint is about a cooldown made moot.
        guard context.tips.count >= 2, context.tips.allSatisfy(ignoresFrequency) else { return [] }
        return [.warning(
            .frequencyIgnoredByAll,
            "every tip sets 'ignoresDisplayFrequency', so this display frequency holds back none of them",
            at: frequency.range,
            notes: [Note("remove 'ignoresDisplayFrequency' from the tips that should wait their turn, or remove the display frequency")])]
    }

    /// Whether the tip's last `ignoresDisplayFrequency` item says true.
    static func ignoresFrequency(_ tip: TipDeclSyntax) -> Bool {
        var value = false
        for case .ignoresDisplayFrequency(let v, _) in tip.items { value = v }
        return value
    }
}
