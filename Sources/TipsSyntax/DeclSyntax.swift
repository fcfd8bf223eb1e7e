import TipsSource

/// A top-level declaration.
public enum DeclSyntax: Sendable, Hashable {
    case config(ConfigDeclSyntax)
    case enumeration(EnumDeclSyntax)
    case param(ParamDeclSyntax)
    case event(EventDeclSyntax)
    case tip(TipDeclSyntax)
    case group(GroupDeclSyntax)
    case testing(TestingDeclSyntax)
    /// `let NAME [: Type] = value`.
    case constant(ConstantDeclSyntax)

    /// The range of the whole declaration.
    public var range: SourceRange {
        switch self {
        case .config(let d): d.range
        case .enumeration(let d): d.range
        case .param(let d): d.range
        case .event(let d): d.range
        case .tip(let d): d.range
        case .group(let d): d.range
        case .testing(let d): d.range
        case .constant(let d): d.range
        }
    }
}
