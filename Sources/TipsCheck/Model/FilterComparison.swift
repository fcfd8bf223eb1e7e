import TipsSource

/// One conjunct of a payload filter: `field op value`, normalized so the field is on the
/// left (`10 < price` becomes `price > 10`; a bare Bool field `f` is `f == true`, `!f` is
/// `f == false`). A donation without the field fails the comparison.
public struct FilterComparison: Sendable, Hashable {
    /// Payload field index into the queried event's ``Event/fields``.
    public var field: Int
    /// The comparison, field on the left.
    public var op: ComparisonOperator
    /// How the two sides compare. `.double` with an Int field means the field is promoted.
    public var domain: ComparisonDomain
    /// The constant, of the domain's type (never ``ConstantValue/none``).
    public var value: ConstantValue
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange
    /// When set, the comparison is with this argument of the reusable tip whose rule holds
    /// the query (``Tip/arguments`` index), not with ``value``, which is then only a
    /// placeholder of the domain's type.
    public var argument: Int?

    public init(field: Int, op: ComparisonOperator, domain: ComparisonDomain, value: ConstantValue,
                range: SourceRange) {
        self.field = field
        self.op = op
        self.domain = domain
        self.value = value
        self.range = range
    }
}
