import TipsSource

/// `enum Category { books, music, movies }`.
public struct EnumDeclSyntax: Sendable, Hashable {
    public var name: Identifier
    public var cases: [Identifier]
    /// From `enum` to `}`.
    public var range: SourceRange

    public init(name: Identifier, cases: [Identifier], range: SourceRange) {
        self.name = name
        self.cases = cases
        self.range = range
    }
}
