import TipsSource

/// `together` after a group's name or priority: the group flows as one unit.
extension ParserState {
    /// Reads `[together]` before a group's `{`, with a fix-it for a misspelling, a repeat and
    /// a priority written after it. Returns where `together` was written.
    mutating func parseTogether(priority: GroupPrioritySyntax?) -> SourceRange? {
        guard current.kind == .identifier else { return nil }
        if !isWord(current, "together") {
            // `group G ordered togther {`: a misspelling, read as meant.
            guard peek().kind == .leftBrace, Self.closest(to: text(current), among: ["together"]) != nil else { return nil }
            let word = advance()
            error(.expectedToken, "unknown group option '\(text(word))'", at: word.range,
                  notes: [Note("did you mean 'together'?"),
                          Note("'together' makes the group flow as one unit: 'group G ordered together { ... }'")],
                  fixIts: [.replace(word.range, with: "together", message: "replace with 'together'")])
            return word.range
        }
        let word = advance()
        if isWord(current, "together") {
            let repeated = advance()
            error(.repeatedClause, "'together' is written twice", at: repeated.range,
                  fixIts: [.replace(SourceRange(file: file, start: word.range.end, end: repeated.range.end), with: "",
                                    message: "remove the second 'together'")])
        } else if current.kind == .identifier, priority == nil, let known = GroupPrioritySyntax(rawValue: text(current)) {
            // `group G together ordered {`: the priority comes first.
            let late = advance()
            error(.expectedToken, "a group's priority comes before 'together': '\(known.rawValue) together'",
                  at: late.range,
                  fixIts: [.replace(word.range.union(late.range), with: "\(known.rawValue) together",
                                    message: "replace with '\(known.rawValue) together'")])
        }
        return word.range
    }
}
