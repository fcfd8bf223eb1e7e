import TipsSource

/// Text shown to the user: a literal, or a key into a localization table.
public enum TextSyntax: Sendable, Hashable {
    /// `"Save to Favorites"`, possibly with `\(argument)` interpolations.
    case literal(StringLiteralSyntax)
    /// `localized("key", table: "Tips", default: "Fallback")`; table and default optional.
    case localized(LocalizedTextSyntax)

    /// The range of the whole text expression.
    public var range: SourceRange {
        switch self {
        case .literal(let s): s.range
        case .localized(let l): l.range
        }
    }
}

/// `localized("key" [, table: "T"] [, default: "text"])`.
public struct LocalizedTextSyntax: Sendable, Hashable {
    /// The localization key; may interpolate tip arguments.
    public var key: StringLiteralSyntax
    /// The table (strings file) name, if not the default one.
    public var table: StringLiteralSyntax?
    /// Text to show when no table has the key.
    public var fallback: StringLiteralSyntax?
    /// From `localized` to the closing parenthesis.
    public var range: SourceRange

    public init(key: StringLiteralSyntax, table: StringLiteralSyntax?,
                fallback: StringLiteralSyntax?, range: SourceRange) {
        self.key = key
        self.table = table
        self.fallback = fallback
        self.range = range
    }
}
