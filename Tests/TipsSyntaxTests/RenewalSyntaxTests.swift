import Testing
import TipsSource
@testable import TipsSyntax

/// `resetEligibility after D`: parsed into the tree, the habits of TipKit code and the missing
/// `after` reported with a fix-it where the intent is clear, and formatted back.
@Suite struct RenewalSyntaxTests {
    @Test(arguments: [
        ("tip T { resetEligibility after 60d }", "(tip T (resetEligibility (duration 5184000000)))"),
        ("tip T { resetEligibility after season }", "(tip T (resetEligibility (name season)))"),
        ("tip T {\n resetEligibility\n after\n 26w\n}", "(tip T (resetEligibility (duration 15724800000)))"),
    ])
    func parses(source: String, dump: String) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [])
        #expect(SyntaxDump.file(result.tree) == dump)
    }

    /// Source, the one `line:col code message`, and the fix-it's replacement (nil for none).
    static let errorCases: [(String, String, String?)] = [
        ("tip T { resetEligibility 60d }", "1:26 E122 expected 'after' before the interval of 'resetEligibility'", "after "),
        ("tip T { resetEligibility 60 }", "1:26 E122 expected 'after' before the interval of 'resetEligibility'", "after "),
        ("tip T { resetEligibility }", "1:26 E122 expected 'after' and an interval after 'resetEligibility', found '}'", nil),
        ("tip T { resetEligibility() }", "1:25 E122 expected 'after' and an interval after 'resetEligibility', found '('", nil),
        ("tip T { resetEligibility after }", "1:32 E122 expected an interval after 'resetEligibility after', found '}'", nil),
        ("tip T { resetEligibility after\n title \"x\" }",
         "1:31 E122 expected an interval after 'resetEligibility after', found 'title'", nil),
    ]

    @Test(arguments: errorCases)
    func errors(source: String, message: String, replacement: String?) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [message])
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == replacement)
    }

    @Test func theTipKitCallNamesTheClause() {
        let (result, _) = parse("tip T { resetEligibility() }")
        let notes = result.diagnostics.first?.notes.map(\.message) ?? []
        #expect(notes.contains { $0.contains("resetEligibility after 60d") }, "\(notes)")
    }

    @Test func aMisspelledClauseSuggestsTheWord() {
        let (result, _) = parse("tip T { resetEligibilty after 60d }")
        #expect(result.diagnostics.first?.notes.first?.message == "did you mean 'resetEligibility'?")
    }

    @Test func formatsCanonically() throws {
        let formatted = try FormatterHarness.format("tip T{title \"T\" resetEligibility    after   60d}")
        #expect(formatted == """
            tip T {
                title "T"
                resetEligibility after 60d
            }

            """)
    }
}
