import TipsSource

/// One token: its kind and where it lies in the source. The text is not copied; literal
/// values the lexer already computed travel in `payload`.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    /// The bytes the token covers.
    public var range: SourceRange
    /// Integer magnitude (`UInt64`), duration milliseconds and double bits
    /// (`Int64`/`Double` bit patterns), or the index of a decoded string in
    /// ``LexerResult/strings``; zero for other kinds.
    public var payload: UInt64
    /// Whether a line break (possibly inside a comment) separates this token from the previous one.
    public var isAtLineStart: Bool
    /// Whether the lexer already reported a problem with this literal; its value is then 0.
    public var isMalformed: Bool
    /// An integer literal equal to 2^63: valid only right after a unary minus.
    public var isMinimumMagnitude: Bool

    public init(kind: TokenKind, range: SourceRange, payload: UInt64 = 0, isAtLineStart: Bool = false,
                isMalformed: Bool = false, isMinimumMagnitude: Bool = false) {
        self.kind = kind
        self.range = range
        self.payload = payload
        self.isAtLineStart = isAtLineStart
        self.isMalformed = isMalformed
        self.isMinimumMagnitude = isMinimumMagnitude
    }

    /// The value of an `.integer` token (an `Int64.min` magnitude reads as `Int64.min`).
    public var integerValue: Int64 { Int64(bitPattern: payload) }
    /// The milliseconds of a `.duration` token.
    public var durationValue: Int64 { Int64(bitPattern: payload) }
    /// The value of a `.double` token.
    public var doubleValue: Double { Double(bitPattern: payload) }
}
