import TipsSource
import TipsSyntax

/// W111: `count(e within 7d) == 3` holds only while exactly three donations are counted:
/// the next donation (or, with a window, the oldest one ageing out) makes it false again,
/// so the tip flickers into eligibility and is usually missed. `>=` is almost always meant.
/// Comparing with 0 is fine: "never" and "not recently" are stable states.
enum CountEqualityLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        // Find the comparisons first, then word them: a visitor that captured `context`
        // copied the whole context at every node (a tenth of check.10k).
        var found: [(op: BinaryOperator, c: LintCountComparison)] = []
        let names = context.constantValues
        for expr in context.allEvaluatedExpressions {
            expr.lintForEachNode { node in
                guard case .binary(let op, _, _, _, _) = node, op == .equal || op == .notEqual,
                      let c = LintCountComparison(node, names: names), c.constant != 0 else { return }
                found.append((op, c))
            }
        }
        for (op, c) in found {
            let shown = context.text(c.range)
            let changes = c.query.window == nil
                ? "the count grows with every donation"
                : "the count changes with every donation and whenever one leaves the window"
            if op == .equal {
                let better = c.queryOnLeft ? ">=" : "<="
                out.append(.warning(
                    .countEquality,
                    "exact comparison '\(shown)' holds only while the count is exactly \(c.constant); use '\(better)'",
                    at: c.range,
                    notes: [Note("\(changes), so an exact count is true only briefly")],
                    fixIts: [.replace(c.operatorRange, with: better, message: "replace '==' with '\(better)'")]))
            } else {
                out.append(.warning(
                    .countEquality,
                    "comparison '\(shown)' holds for every count except \(c.constant); use '<' or '>'",
                    at: c.range,
                    notes: [Note("\(changes), so '!=' is true at almost every moment")]))
            }
        }
        return out
    }
}
