import Testing
import TipsSource
import TipsSyntax

/// `message TEXT when EXPR` and `action "id" when EXPR { ... }`: parsed into the tree, and
/// their mistakes reported where they are.
@Suite struct ConditionSyntaxTests {
    @Test func parses() {
        let (file, result) = FormatterHarness.parse("""
            tip T {
                title "T"
                message "m" when platform == macOS && !isPro
                action "a" when count(opened) > 2 { title "A" }
                action "b" { title "B" }
            }
            """)
        #expect(FormatterHarness.errors(result, in: file).isEmpty)
        guard case .tip(let tip)? = result.tree.declarations.first else {
            Issue.record("no tip")
            return
        }
        var conditions: [String] = []
        for item in tip.items {
            switch item {
            case .message(_, let c, _): conditions.append(c.map { file.text(in: $0.range) } ?? "-")
            case .action(let a): conditions.append(a.condition.map { file.text(in: $0.range) } ?? "-")
            default: break
            }
        }
        #expect(conditions == ["platform == macOS && !isPro", "count(opened) > 2", "-"])
    }

    @Test(arguments: [
        ("tip T {\n    title \"T\"\n    message \"m\" when\n}", "3:21: E123 expected an expression after 'when'"),
        ("tip T {\n    title \"T\"\n    action \"a\" when { title \"A\" }\n}", "3:21: E123 expected an expression after 'when'"),
        ("tip T {\n    title \"T\"\n    action \"a\" when p title \"A\" }\n}",
         "3:23: E122 expected '{' after the action's 'when' condition, found 'title'"),
    ])
    func errors(source: String, expected: String) {
        let (file, result) = FormatterHarness.parse(source)
        #expect(FormatterHarness.errors(result, in: file).first?.hasSuffix(expected) == true,
                "\(FormatterHarness.errors(result, in: file))")
    }
}
