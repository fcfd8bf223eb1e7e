import TipsSource
import TipsSyntax

/// W114: an event keeps only its most recent N donations (its `limit`, else the config's
/// `donationLimit`, else 1000), and lintQueries see only those. `count(e) >= 5` with `limit 3`
/// can therefore never hold.
enum CountBeyondLimitLint {
    /// The default number of donations kept per event (semantics: "most recent 1000").
    static let defaultLimit: Int64 = 1000

    static func run(_ context: LintContext) -> [Diagnostic] {
        let configLimit = context.configValue { item -> ExprSyntax? in
            if case .donationLimit(let e, _) = item { e } else { nil }
        }
        var out: [Diagnostic] = []
        for expr in context.allEvaluatedExpressions {
            expr.lintForEachNode { node in
                guard let c = LintCountComparison(node), let needed = c.minimumCount,
                      let event = context.eventsByName[c.query.event.name] else { return }
                let limit: Int64
                let note: Note
                if let e = event.limit {
                    guard let v = LintConstant.int(e) else { return }
                    limit = v
                    note = Note("'\(event.name.name)' keeps at most \(v) donations", at: e.range)
                } else if let config = configLimit {
                    guard let v = LintConstant.int(config.value) else { return }
                    limit = v
                    note = Note("the catalog keeps at most \(v) donations per event", at: config.range)
                } else {
                    limit = defaultLimit
                    note = Note("by default only the most recent \(defaultLimit) donations of an event are kept")
                }
                guard limit >= 1, needed > limit else { return }
                out.append(.warning(
                    LintCode.countBeyondLimit.rawValue,
                    "comparison '\(context.text(c.range))' can never be true: at most \(limit) donations of '\(event.name.name)' are kept",
                    at: c.range,
                    notes: [note]))
            }
        }
        return out
    }
}
