import TipsSource

/// `enum Category { books, music, movies }`.
public struct EnumDeclSyntax: Sendable, Hashable {
    public var name: Identifier
    public var cases: [Identifier]
    /// `pro renamedFrom premium`: per case (same order as ``cases``), the old name of a
    /// renamed case; empty when no case is renamed.
    public var renamedFrom: [Identifier?]
    /// From `enum` to `}`.
    public var range: SourceRange

    public init(name: Identifier, cases: [Identifier], renamedFrom: [Identifier?] = [], range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.name = name
        self.cases = cases
        self.range = range
    }
}
