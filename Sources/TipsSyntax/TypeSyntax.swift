import TipsSource

/// A type as written: `Int`, `Set<String>`, `Category?`. Names are resolved by the checker.
public struct TypeSyntax: Sendable, Hashable {
    /// The base name (`Int`, `Set`, or an enumeration's name).
    public var name: Identifier
    /// Generic argument, as in `Set<String>`.
    public var argument: Identifier?
    /// Whether a `?` follows.
    public var isOptional: Bool
    /// The range of the whole type.
    public var range: SourceRange

    public init(name: Identifier, argument: Identifier? = nil, isOptional: Bool, range: SourceRange) {
        self.name = name
        self.argument = argument
        self.isOptional = isOptional
        self.range = range
    }
}
