import TipsSource

/// What lexing one file produces.
public struct LexerResult: Sendable {
    /// The tokens in source order; the last one is always `.eof`.
    public var tokens: [Token]
    /// Decoded string literals; a `.string` token's payload indexes this array.
    public var strings: [StringLiteralSyntax]
    /// Every comment, in source order.
    public var comments: [Comment]
    /// Lexical errors (E100–E119), in source order.
    public var diagnostics: [Diagnostic]
    /// Names declared by lines the lexer skipped whole after reporting them.
    public var brokenNames: [String] = []
}
