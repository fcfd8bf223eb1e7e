import TipsSource

/// "Did you mean ...?" for mistyped commands, options and values: the shared edit distance
/// (one edit for words up to four characters, two beyond), or else the one candidate that
/// starts with what was typed (`--form` for `--format`).
public enum CommandSuggestion {
    public static func closest(to input: String, among candidates: [String]) -> String? {
        if let close = Suggestion.closest(to: input, among: candidates, closeness: .oneOrTwo(shortLength: 4)) {
            return close
        }
        let stripped = input.drop(while: { $0 == "-" })
        if stripped.count >= 2 {
            return candidates.first { $0.drop(while: { $0 == "-" }).hasPrefix(stripped) }
        }
        return nil
    }
}
