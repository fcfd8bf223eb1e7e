import TipsSource
import TipsSyntax

/// W106: two buttons of one tip with the same title cannot be told apart by the user,
/// though the host switches on their ids.
enum DuplicateActionTitleLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            var seen: [String: SourceRange] = [:]
            for action in context.actions(of: tip) {
                guard let title = action.title, let key = comparisonKey(title) else { continue }
                if let first = seen[key] {
                    out.append(.warning(
                        .duplicateActionTitle,
                        "action '\(action.id.plainText ?? "")' has the same title as an earlier action of tip '\(tip.name.name)'",
                        at: title.range,
                        notes: [Note("the first action with this title is here", at: first)]))
                } else {
                    seen[key] = title.range
                }
            }
        }
        return out
    }

    /// Titles compare by literal text (interpolations included) or by localization key.
    private static func comparisonKey(_ text: TextSyntax) -> String? {
        switch text {
        case .literal(let s): "literal:" + s.lintCanonicalText
        case .localized(let l): "key:" + l.key.lintCanonicalText + "|table:" + (l.table?.lintCanonicalText ?? "")
        }
    }
}
