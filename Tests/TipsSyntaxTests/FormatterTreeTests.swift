import Testing
import TipsSource
import TipsSyntax

/// Formatting hand-built trees (no source text): parentheses are added exactly where the
/// tree's shape needs them, and literals are printed from their values.
@Suite struct FormatterTreeTests {
    static let zero = SourceRange(file: FileID(0), start: 0, end: 0)
    static let empty = SourceFile(id: FileID(0), path: "built.tips", text: "")

    static func name(_ n: String) -> ExprSyntax { .name(Identifier(n, range: zero)) }
    static func binary(_ op: BinaryOperator, _ l: ExprSyntax, _ r: ExprSyntax) -> ExprSyntax {
        .binary(op, l, r, operatorRange: zero, range: zero)
    }

    /// The text of `param p: Bool = <expr>`.
    static func printed(_ e: ExprSyntax) -> String {
        let param = ParamDeclSyntax(name: Identifier("p", range: zero),
                                    type: TypeSyntax(name: Identifier("Bool", range: zero), isOptional: false, range: zero),
                                    defaultValue: e, isTransient: false, range: zero)
        let text = Formatter.format(FileSyntax(file: FileID(0), declarations: [.param(param)], comments: []), source: empty)
        return String(text.dropFirst("param p: Bool = ".count).dropLast())
    }

    static let a = name("a"), b = name("b"), c = name("c")

    /// Trees and their texts (a table, not test arguments: the trees' descriptions are huge).
    static let parenthesisCases: [(ExprSyntax, String)] = [
        (binary(.multiply, binary(.add, a, b), c), "(a + b) * c"),
        (binary(.add, binary(.multiply, a, b), c), "a * b + c"),
        (binary(.subtract, a, binary(.subtract, b, c)), "a - (b - c)"),
        (binary(.subtract, binary(.subtract, a, b), c), "a - b - c"),
        (binary(.coalesce, a, binary(.coalesce, b, c)), "a ?? b ?? c"),
        (binary(.coalesce, binary(.coalesce, a, b), c), "(a ?? b) ?? c"),
        (binary(.equal, binary(.less, a, b), c), "(a < b) == c"),
        (binary(.and, binary(.or, a, b), c), "(a || b) && c"),
        (binary(.or, binary(.and, a, b), c), "a && b || c"),
        (ExprSyntax.unary(.not, binary(.and, a, b), operatorRange: zero, range: zero), "!(a && b)"),
        (ExprSyntax.member(binary(.add, a, b), Identifier("count", range: zero), range: zero), "(a + b).count"),
        (ExprSyntax.paren(binary(.add, a, b), range: zero), "(a + b)"),
    ]

    @Test func addsOnlyNeededParentheses() {
        for (tree, expected) in Self.parenthesisCases {
            #expect(Self.printed(tree) == expected)
        }
    }

    @Test func printsLiteralsFromValuesWithoutSource() {
        #expect(Self.printed(.integer(1000, Self.zero)) == "1000")
        #expect(Self.printed(.duration(5_400_000, Self.zero)) == "1h30m")
        #expect(Self.printed(.duration(1_209_600_500, Self.zero)) == "14d500ms")
        let string = StringLiteralSyntax(segments: [.text("say \"hi\"\n"), .interpolation(Identifier("x", range: Self.zero))],
                                         range: Self.zero)
        #expect(Self.printed(.string(string)) == #""say \"hi\"\n\(x)""#)
        #expect(Self.printed(.setLiteral([], range: Self.zero)) == "[]")
    }

    @Test func writesIgnoresDisplayFrequencyBareOnlyWhenTrue() {
        let tip = TipDeclSyntax(name: Identifier("T", range: Self.zero), arguments: [], items: [
            .ignoresDisplayFrequency(true, range: Self.zero),
            .ignoresDisplayFrequency(false, range: Self.zero),
        ], range: Self.zero)
        let text = Formatter.format(FileSyntax(file: FileID(0), declarations: [.tip(tip)], comments: []), source: Self.empty)
        #expect(text == "tip T {\n    ignoresDisplayFrequency\n    ignoresDisplayFrequency false\n}\n")
    }

    @Test func formatsAnEmptyFileAsEmpty() {
        #expect(Formatter.format(FileSyntax(file: FileID(0), declarations: [], comments: []), source: Self.empty) == "")
    }
}
