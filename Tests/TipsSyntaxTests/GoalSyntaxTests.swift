import Testing
import TipsSource
import TipsSyntax

/// `goal EVENT [where FILTER] [within D]`: parsed into the tree (the checker wants the
/// window), formatted back in canonical form.
@Suite struct GoalSyntaxTests {
    @Test(arguments: [
        ("goal searchUsed within 7d", "(goal searchUsed within (duration 604800000))"),
        ("goal searchUsed", "(goal searchUsed)"),
        ("goal searchUsed where kind == .note && hits > 2 within 1d12h",
         "(goal searchUsed where (binary && (binary == (name kind) (case note)) (binary > (name hits) (int 2))) within (duration 129600000))"),
    ])
    func parses(item: String, dump: String) {
        let (file, result) = FormatterHarness.parse("tip T {\n    title \"T\"\n    \(item)\n}\n")
        #expect(FormatterHarness.errors(result, in: file).isEmpty, "\(FormatterHarness.errors(result, in: file))")
        guard case .tip(let tip)? = result.tree.declarations.first, tip.items.count == 2 else {
            Issue.record("no tip with two items")
            return
        }
        #expect(SyntaxDump.tipItem(tip.items[1]) == dump)
    }

    @Test func formatsCanonically() throws {
        let formatted = try FormatterHarness.format("tip T {\n title \"T\"\n   goal   searchUsed   where hits>2   within 7d\n}\n")
        #expect(formatted == "tip T {\n    title \"T\"\n    goal searchUsed where hits > 2 within 7d\n}\n")
    }

    @Test func aGoalWithoutAnEventIsReported() {
        let (file, result) = FormatterHarness.parse("tip T {\n    title \"T\"\n    goal 7d\n}\n")
        #expect(FormatterHarness.errors(result, in: file).contains { $0.contains("expected an event name") },
                "\(FormatterHarness.errors(result, in: file))")
    }
}
