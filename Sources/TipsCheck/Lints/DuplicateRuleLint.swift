import TipsSource
import TipsSyntax

/// W112: the same rule twice in one tip (identical apart from layout and comments). Rules
/// are ANDed, so the copy adds nothing; it is usually a copy-paste slip where a different
/// condition was meant.
enum DuplicateRuleLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            let rules = context.rules(of: tip)
            // One rule can't repeat: don't render it.
            guard rules.count > 1 else { continue }
            var seen: [String: SourceRange] = [:]
            for rule in rules {
                let key = rule.expr.lintCanonicalText
                if let first = seen[key] {
                    out.append(.warning(
                        .duplicateRule,
                        "duplicate rule in tip '\(tip.name.name)'",
                        at: rule.range,
                        notes: [Note("the same rule is already written here", at: first)],
                        fixIts: [.replace(rule.range, with: "", message: "remove the duplicate rule")]))
                } else {
                    seen[key] = rule.range
                }
            }
        }
        return out
    }
}
