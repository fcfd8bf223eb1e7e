import TipsSource

/// `[transient] param hasSeenList: Bool = false`.
public struct ParamDeclSyntax: Sendable, Hashable {
    public var name: Identifier
    public var type: TypeSyntax
    /// The default value; may be omitted only for optionals (default `nil`).
    public var defaultValue: ExprSyntax?
    /// Transient parameters reset to their default whenever the runtime opens.
    public var isTransient: Bool
    /// `renamedFrom OLD`: the name the parameter had before; values saved under it carry over.
    public var renamedFrom: Identifier?
    /// `key "com.example.loggedIn"`: the name the journal stores values under, when it is
    /// not the parameter's name (TipKit-style reverse-DNS ids).
    public var key: StringLiteralSyntax?
    /// From `transient`/`param` to the end of the default.
    public var range: SourceRange

    public init(name: Identifier, type: TypeSyntax, defaultValue: ExprSyntax?, isTransient: Bool,
                renamedFrom: Identifier? = nil, key: StringLiteralSyntax? = nil, range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.key = key
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.range = range
    }
}
