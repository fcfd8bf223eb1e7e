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

    /// Several messages and images, each with its own `when` or none, in source order; the
    /// kind of each image (symbol or asset) with it.
    @Test func parsesAlternatives() {
        let (file, result) = FormatterHarness.parse("""
            tip T(s: String) {
                title "T"
                message "a" when platform == macOS
                message "b"
                image "laptopcomputer" when platform == macOS
                image asset "Hero" when isPro
                image symbol "\\(s)"
            }
            """)
        #expect(FormatterHarness.errors(result, in: file).isEmpty)
        guard case .tip(let tip)? = result.tree.declarations.first else {
            Issue.record("no tip")
            return
        }
        var items: [String] = []
        for item in tip.items {
            switch item {
            case .message(let t, let c, _): items.append("message \(file.text(in: t.range))" + (c.map { " when " + file.text(in: $0.range) } ?? ""))
            case .image(let s, let c, _): items.append("symbol \(file.text(in: s.range))" + (c.map { " when " + file.text(in: $0.range) } ?? ""))
            case .imageAsset(let s, let c, _): items.append("asset \(file.text(in: s.range))" + (c.map { " when " + file.text(in: $0.range) } ?? ""))
            default: break
            }
        }
        #expect(items == ["message \"a\" when platform == macOS", "message \"b\"", "symbol \"laptopcomputer\" when platform == macOS",
                          "asset \"Hero\" when isPro", "symbol \"\\(s)\""])
    }

    @Test(arguments: [
        ("tip T {\n    title \"T\"\n    image \"star\" when\n}", "3:22: E123 expected an expression after 'when'"),
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
