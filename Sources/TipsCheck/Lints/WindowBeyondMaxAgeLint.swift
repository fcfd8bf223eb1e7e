import TipsSource
import TipsSyntax

/// W120: `count(e within 30d)` on an event with `maxAge 7d` (or a catalog `donationMaxAge`
/// of 7d) counts at most 7 days of donations: older ones are gone. The window reads as if
/// it looked back further than it does.
enum WindowBeyondMaxAgeLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        let configMaxAge = context.configValue { item -> ExprSyntax? in
            if case .donationMaxAge(let e, _) = item { e } else { nil }
        }
        var out: [Diagnostic] = []
        for expr in context.allEvaluatedExpressions {
            for query in expr.queries {
                guard let window = query.window, let w = ConstantValue.duration(window),
                      let event = context.eventsByName[query.event.name] else { continue }
                let maxAgeExpr: ExprSyntax
                let source: String
                if let e = event.maxAge {
                    maxAgeExpr = e
                    source = "'\(event.name.name)' keeps donations for \(durationText(ConstantValue.duration(e) ?? 0))"
                } else if let config = configMaxAge {
                    maxAgeExpr = config.value
                    source = "the catalog keeps donations for \(durationText(ConstantValue.duration(config.value) ?? 0))"
                } else {
                    continue
                }
                guard let maxAge = ConstantValue.duration(maxAgeExpr), maxAge > 0, w > maxAge else { continue }
                out.append(.warning(
                    LintCode.windowBeyondMaxAge.rawValue,
                    "window \(context.text(window.range)) is longer than the \(durationText(maxAge)) that donations of '\(event.name.name)' are kept",
                    at: window.range,
                    notes: [Note("\(source); the query can only see that far back", at: maxAgeExpr.range)],
                    fixIts: [.replace(window.range, with: durationText(maxAge), message: "use the maximum age, \(durationText(maxAge))")]))
            }
        }
        return out
    }
}
