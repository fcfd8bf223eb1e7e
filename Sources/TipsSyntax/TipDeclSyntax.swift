import TipsSource

/// `tip NewItemTip(itemID: String) { id "NewItemTip-\(itemID)"  title "New item" ... }`.
public struct TipDeclSyntax: Sendable, Hashable {
    /// A declared argument of a reusable tip: `itemID: String`.
    public typealias Argument = FieldSyntax

    public var name: Identifier
    /// Arguments; non-empty makes the tip reusable.
    public var arguments: [Argument]
    /// The body, in source order.
    public var items: [TipItemSyntax]
    /// `renamedFrom OLD`: the old name (and id) of a plain tip; its users' state carries over.
    public var renamedFrom: Identifier?
    /// From `tip` to `}`.
    public var range: SourceRange

    public init(name: Identifier, arguments: [Argument], items: [TipItemSyntax], renamedFrom: Identifier? = nil,
                range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.name = name
        self.arguments = arguments
        self.items = items
        self.range = range
    }
}
