import TipsSource

/// Persistence keys (`key "com.example.noteSaved"` on a parameter or event) and the image
/// kinds of a tip (`image asset "Hero"`, `image symbol "star"`).
extension ParserState {
    /// The string after `key`; its word is already consumed. A second `key` on the same
    /// declaration is reported (E128) and its value returned for the caller to drop.
    mutating func parseKey(after word: Token, of owner: String, given earlier: StringLiteralSyntax?) throws(ParseAbort) -> StringLiteralSyntax {
        let value = try expectString("expected the persistence key string after 'key', as in 'key \"com.example.app.name\"'")
        if earlier != nil {
            error(.repeatedClause, "'key' is given twice for \(owner)", at: range(from: word.range.start),
                  notes: [Note("a declaration has at most one persistence key")])
        }
        return value
    }

    /// `image asset "Name"` or `image symbol "name"` (the same as `image "name"`): the
    /// kind word after `image`, consumed; nil when the next token is not one.
    mutating func parseImageKind() -> String? {
        // `image` takes a string, so a kind word after it is never anything else: read it
        // wherever the line breaks fall (`image asset` alone still says what is missing).
        guard current.kind == .identifier, ["asset", "symbol"].contains(text(current)) else { return nil }
        return text(advance())
    }
}

extension ParserState {
    /// `image Image("Hero")`, TipKit's asset-catalog image view: reported with the `.tips`
    /// spelling (`image asset "Hero"`) and read as that asset, so the meaning is kept.
    mutating func parseAssetImageView(after word: Token) throws(ParseAbort) -> StringLiteralSyntax? {
        guard let m = match(["Image", TokenKind.leftParen, "STRING", TokenKind.rightParen]), !m[1].isAtLineStart else { return nil }
        let range = m[0].range.union(m[3].range)
        let literal = text(m[2])
        error(.expectedToken,
              "'image' takes TipKit's asset image 'Image(\(Lexer.printable(literal, limit: 40)))' as 'image asset \(Lexer.printable(literal, limit: 40))'",
              at: range, notes: [Note("an SF Symbol is written 'image \"name\"'; an asset-catalog image 'image asset \"Name\"'")],
              fixIts: [.replace(range, with: "asset \(literal)", message: "replace with 'asset \(literal)'")])
        for _ in 0..<4 { advance() }
        return stringLiteral(m[2])
    }
}
