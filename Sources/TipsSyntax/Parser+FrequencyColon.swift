import TipsSource

extension ParserState {
    /// `displayFrequency: .daily`, TipKit's option written as a JSON-like item: one error
    /// whose fix-it removes both the ':' and the '.', so applying it leaves a clean
    /// `displayFrequency daily`. Consumes the '.'; returns `word` to read the item on, or nil
    /// when this is not that shape (the caller reports the ':' alone).
    mutating func tipKitFrequency(after word: Token, colon: Token) -> Token? {
        guard text(word) == "displayFrequency", current.kind == .dot, peek().kind == .identifier,
              TipKitSpelling.frequencies.contains(text(peek())) else { return nil }
        let frequency = text(peek())
        let range = colon.range.union(current.range)
        error(.expectedToken, "a frequency is written without ':' and '.': 'displayFrequency \(frequency)'", at: range,
              fixIts: [.replace(range, with: " ", message: "replace with 'displayFrequency \(frequency)'")])
        advance()
        return word
    }
}
