import TipsSource
import TipsSyntax

/// W143: a `message` (or `image`) whose `when` condition is the same as an earlier one's in
/// the tip (identical apart from layout and comments). The first alternative whose
/// condition holds is shown, so the later one is never shown; it is usually a copy-paste
/// slip where another platform or state was meant.
enum RepeatedAlternativeLint {
    static func run(_ context: LintContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for tip in context.tips {
            var seen: [String: [String: SourceRange]] = ["message": [:], "image": [:]]
            var counts: [String: Int] = ["message": 0, "image": 0]
            for item in tip.items {
                let kind: String
                let condition: ExprSyntax?
                switch item {
                case .message(_, let c, _): kind = "message"; condition = c
                case .image(_, let c, _), .imageAsset(_, let c, _): kind = "image"; condition = c
                default: continue
                }
                counts[kind, default: 0] += 1
                guard let condition else { continue }
                let key = condition.lintCanonicalText
                if let first = seen[kind]?[key] {
                    out.append(.warning(
                        .repeatedAlternative,
                        "\(kind) \(counts[kind] ?? 0) of tip '\(tip.name.name)' is never shown: an earlier \(kind) has the same condition",
                        at: item.range,
                        notes: [Note("the first \(kind) whose condition holds is shown; this condition is already here", at: first)]))
                } else {
                    seen[kind]?[key] = condition.range
                }
            }
        }
        return out
    }
}
