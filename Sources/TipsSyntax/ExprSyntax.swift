import TipsSource

/// An expression as written. Every node keeps its exact source range.
public indirect enum ExprSyntax: Sendable, Hashable {
    /// `42`, `1_000`.
    case integer(Int64, SourceRange)
    /// `3.5`, `1.5e3`.
    case double(Double, SourceRange)
    /// `7d`, `1h30m`, `500ms`: a duration, in milliseconds.
    case duration(Int64, SourceRange)
    /// `"text"`; interpolation is only meaningful in text positions.
    case string(StringLiteralSyntax)
    /// `true` / `false`.
    case bool(Bool, SourceRange)
    /// `nil`.
    case nilLiteral(SourceRange)
    /// `now`: the evaluation instant.
    case now(SourceRange)
    /// A bare name: a parameter, or a payload field inside a `where` filter.
    case name(Identifier)
    /// `.books`: an enumeration case whose enumeration comes from context.
    case enumCase(Identifier, range: SourceRange)
    /// `base.member`: `tags.count`, `Category.books`.
    case member(ExprSyntax, Identifier, range: SourceRange)
    /// `base.method(arguments)`: `tags.contains("x")`, `name.hasPrefix("a")`.
    case methodCall(ExprSyntax, Identifier, [ExprSyntax], range: SourceRange)
    /// `function(arguments)`: `date("2026-01-01T00:00:00Z")`, `min(a, b)`, `max(a, b)`.
    case call(Identifier, [ExprSyntax], range: SourceRange)
    /// `count(e within 7d)` and the other event queries.
    case query(EventQuerySyntax)
    /// `["a", "b"]`: a set literal.
    case setLiteral([ExprSyntax], range: SourceRange)
    /// `!x`, `-x`.
    case unary(UnaryOperator, ExprSyntax, operatorRange: SourceRange, range: SourceRange)
    /// `a op b`.
    case binary(BinaryOperator, ExprSyntax, ExprSyntax, operatorRange: SourceRange, range: SourceRange)
    /// `(x)`, kept so the formatter can keep the author's parentheses.
    case paren(ExprSyntax, range: SourceRange)
    /// Placeholder where the parser expected an expression and found none; already reported.
    case missing(SourceRange)

    /// The range of the whole expression.
    public var range: SourceRange {
        switch self {
        case .integer(_, let r), .double(_, let r), .duration(_, let r), .bool(_, let r),
             .nilLiteral(let r), .now(let r), .missing(let r):
            r
        case .string(let s): s.range
        case .name(let i): i.range
        case .enumCase(_, let r), .member(_, _, let r), .methodCall(_, _, _, let r),
             .call(_, _, let r), .setLiteral(_, let r), .unary(_, _, _, let r),
             .binary(_, _, _, _, let r), .paren(_, let r):
            r
        case .query(let q): q.range
        }
    }
}
