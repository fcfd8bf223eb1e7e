import TipsSource

/// `let saveThreshold = 3`, `let recentWindow: Duration = 7d`: a named constant, usable
/// wherever its value could be written.
public struct ConstantDeclSyntax: Sendable, Hashable {
    public var name: Identifier
    /// The type written after the name, if any; otherwise the value's type.
    public var type: TypeSyntax?
    public var value: ExprSyntax
    /// From `let` to the end of the value.
    public var range: SourceRange

    public init(name: Identifier, type: TypeSyntax?, value: ExprSyntax, range: SourceRange) {
        self.name = name
        self.type = type
        self.value = value
        self.range = range
    }
}
