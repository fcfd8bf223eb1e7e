import TipsSource

/// `event itemViewed(category: Category, price: Double) limit 500 maxAge 30d`.
public struct EventDeclSyntax: Sendable, Hashable {
    /// A payload field: `name: Type`.
    public typealias Field = FieldSyntax

    public var name: Identifier
    /// Payload fields; empty for an event without payload.
    public var fields: [Field]
    /// Whether the payload was written with parentheses (`event e()` is an error, reported).
    public var hasPayloadClause: Bool
    /// `limit N`: keep and query at most the N most recent donations.
    public var limit: ExprSyntax?
    /// `maxAge D`: donations older than D are neither queried nor kept.
    public var maxAge: ExprSyntax?
    /// `renamedFrom OLD`: the name the event had before; donations saved under it carry over.
    public var renamedFrom: Identifier?
    /// `key "com.example.noteSaved"`: the name the journal stores donations under, when it
    /// is not the event's name (TipKit-style reverse-DNS ids).
    public var key: StringLiteralSyntax?
    /// From `event` to the end of the declaration.
    public var range: SourceRange

    public init(name: Identifier, fields: [Field], hasPayloadClause: Bool, limit: ExprSyntax?,
                maxAge: ExprSyntax?, renamedFrom: Identifier? = nil, key: StringLiteralSyntax? = nil,
                range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.key = key
        self.name = name
        self.fields = fields
        self.hasPayloadClause = hasPayloadClause
        self.limit = limit
        self.maxAge = maxAge
        self.range = range
    }
}
