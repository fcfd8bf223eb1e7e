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
            for query in expr.lintQueries {
                guard let window = query.window, let w = LintConstant.duration(window, names: context.constantValues),
                      let event = context.eventsByName[query.event.name] else { continue }
                let maxAgeExpr: ExprSyntax
                let keeper: String
                if let e = event.maxAge {
                    maxAgeExpr = e
                    keeper = "'\(event.name.name)' has maxAge"
                } else if let config = configMaxAge {
                    maxAgeExpr = config.value
                    keeper = "the catalog has donationMaxAge"
                } else {
                    continue
                }
                guard let maxAge = LintConstant.duration(maxAgeExpr, names: context.constantValues), maxAge > 0, w > maxAge else { continue }
                // Show durations as the author wrote them: `90d` rather than a normalised `12w6d`.
                let age = context.text(maxAgeExpr.range)
                out.append(.warning(
                    .windowBeyondMaxAge,
                    "window \(context.text(window.range)) is longer than the \(age) that donations of '\(event.name.name)' are kept",
                    at: window.range,
                    notes: [Note("\(keeper) \(age); the query cannot see further back", at: maxAgeExpr.range)],
                    fixIts: [.replace(window.range, with: age, message: "use the maximum age, \(age)")]))
            }
        }
        return out
    }
}
