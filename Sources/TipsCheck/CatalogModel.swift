import TipsSource

/// The checked model of a catalog: every name resolved, every expression typed.
/// Interface placeholder; the checker defines the real declarations.
public struct CatalogModel: Sendable {
    public var tips: [String] = []
    public var events: [String] = []
    public var parameters: [String] = []
    public var groups: [String] = []
    public init() {}
}
