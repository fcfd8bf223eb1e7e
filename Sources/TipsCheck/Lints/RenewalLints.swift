import TipsSource
import TipsSyntax

/// W147: a renewal next to a display limit. A renewal (`resetEligibility after D`) returns
/// the tip to its rules as the app's `resetEligibility` does, keeping its display count and
/// time, so a limit the tip has reached is still reached: after each renewal it shows once
/// more and the limit ends it again. With `maxDisplayCount 1` that is what the author means
/// (one display a season); with more, or with a duration limit, the later seasons get fewer
/// displays than the first. No fix-it: the limit and the renewal are both meant, and which
/// one to change only the author knows.
enum RenewalLints {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            guard tip.items.contains(where: { if case .resetEligibility = $0 { true } else { false } }) else { continue }
            for item in tip.items {
                let limit: String
                switch item {
                case .maxDisplayCount(let e, _):
                    guard let n = LintConstant.int(e, names: context.constantValues), n > 1 else { continue }
                    limit = "maxDisplayCount \(context.text(e.range))"
                case .maxDisplayDuration(let e, _):
                    limit = "maxDisplayDuration \(context.text(e.range))"
                default:
                    continue
                }
                out.append(.warning(.renewalKeepsDisplayLimit,
                                    "display limit '\(limit)' counts over every season of tip '\(tip.name.name)': its renewal keeps the "
                                        + "display count and time, so after the first it shows once more before the limit ends it again",
                                    at: item.range,
                                    notes: [Note("'resetEligibility after' returns the tip as TipStore.resetEligibility does: "
                                                 + "donations, parameters and display counts are kept"),
                                            Note("for one display a season write 'maxDisplayCount 1'; for several, leave the limit "
                                                 + "out and let the user close the tip")]))
            }
        }
        return out
    }
}
