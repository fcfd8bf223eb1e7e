import TipsSource

/// Text shown to the user.
public enum Text: Sendable, Hashable {
    /// A literal, possibly with argument holes.
    case literal(Template)
    /// A localization key (may have holes) looked up in `table` (the default table when nil),
    /// showing `fallback` (or the key) when no table has it.
    case localized(key: Template, table: String?, fallback: Template?, range: SourceRange)

    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange {
        switch self {
        case .literal(let t): t.range
        case .localized(_, _, _, let r): r
        }
    }
}
