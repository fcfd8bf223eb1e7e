import TipsSource

/// `name: Type` in a parenthesized list: an event's payload field (`EventDeclSyntax.Field`)
/// or a reusable tip's argument (`TipDeclSyntax.Argument`). One type, because the parser
/// reads both with the same grammar and the checker reads both the same way.
public struct FieldSyntax: Sendable, Hashable {
    public var name: Identifier
    public var type: TypeSyntax
    /// From the name to the end of the type.
    public var range: SourceRange

    public init(name: Identifier, type: TypeSyntax, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}
