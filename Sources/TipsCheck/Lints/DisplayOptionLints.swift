import TipsSource
import TipsSyntax

/// W130–W132: display options whose value does not do what it reads as.
enum DisplayOptionLints {
    /// Semantics: a presentation must have lasted 60 s before `maxDisplayDuration` ends it.
    static let minimumPresentation: Int64 = 60_000
    /// At one display a day, 100 displays take more than three months: no longer a limit.
    static let unboundedDisplayCount: Int64 = 100

    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let frequency = context.configValue { item -> DisplayFrequencySyntax? in
            if case .displayFrequency(let f, _) = item { f } else { nil }
        }
        let immediate: Bool
        switch frequency?.value {
        case nil: immediate = true
        case .named(let id)?: immediate = id.name == "immediate"
        case .custom?: immediate = false
        }
        // A config block that tries to set the frequency but does not parse (TipKit's
        // `Tips.configure([.displayFrequency(.daily)])`, an error of its own) leaves it unset:
        // "immediate" is then not what the author meant, and removing the option would break
        // the tip once the setting is fixed.
        let brokenSetting = frequency == nil && context.configs.contains { context.text($0.range).contains("isplayFrequency") }
        for tip in context.tips {
            for item in tip.items {
                switch item {
                case .maxDisplayDuration(let e, _):
                    guard let d = LintConstant.duration(e, names: context.constantValues), d > 0, d < minimumPresentation else { continue }
                    out.append(.warning(
                        .shortDisplayDuration,
                        "maxDisplayDuration \(context.text(e.range)) is shorter than the 60 s a presentation must last before it ends the tip",
                        at: e.range,
                        notes: [Note("the tip is invalidated only once one presentation has lasted 60 s, so this acts like 1m")],
                        fixIts: [.replace(e.range, with: "1m", message: "use 1m")]))
                case .maxDisplayCount(let e, _):
                    guard let n = LintConstant.int(e, names: context.constantValues), n >= unboundedDisplayCount else { continue }
                    out.append(.warning(
                        .hugeDisplayCount,
                        "maxDisplayCount \(n) is so large that it never ends the tip in practice",
                        at: e.range,
                        notes: [Note("use a small count (TipKit's examples use 3), or remove the option and invalidate the tip when the user acts")]))
                case .ignoresDisplayFrequency(true, let range) where immediate && !brokenSetting:
                    var notes = [Note("'ignoresDisplayFrequency' matters only when the catalog's displayFrequency is hourly, daily, weekly, monthly or a duration")]
                    if let f = frequency { notes.append(Note("the display frequency is set here", at: f.range)) }
                    out.append(.warning(
                        .uselessIgnoresFrequency,
                        "option 'ignoresDisplayFrequency' has no effect: the display frequency is immediate",
                        at: range, notes: notes,
                        fixIts: [.replace(range, with: "", message: "remove the option")]))
                default:
                    break
                }
            }
        }
        return out
    }
}
