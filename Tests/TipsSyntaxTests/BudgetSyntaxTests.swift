import Testing
import TipsSource
@testable import TipsSyntax

/// `displayBudget N per day|launch`, `priority N`, `ignoresDisplayBudget` and `group ... together`:
/// parsed into the tree, reported with the unit list and a fix-it where the intent is clear,
/// and formatted back in canonical form.
@Suite struct BudgetSyntaxTests {
    @Test(arguments: [
        ("config { displayBudget 1 per day }", "(config (displayBudget (int 1) day))"),
        ("config { displayBudget 3 per launch displayFrequency immediate }",
         "(config (displayBudget (int 3) launch) (displayFrequency immediate))"),
        ("config { displayBudget limit per day }", "(config (displayBudget (name limit) day))"),
        ("tip T { priority 10 }", "(tip T (priority (int 10)))"),
        ("tip T { priority -5 ignoresDisplayBudget }", "(tip T (priority (unary - (int 5))) (ignoresDisplayBudget true))"),
        ("tip T { ignoresDisplayBudget false }", "(tip T (ignoresDisplayBudget false))"),
        ("group G together { A }", "(group G together A)"),
        ("group G ordered together { A, B }", "(group G ordered together A B)"),
        ("group G firstAvailable together {}", "(group G firstAvailable together)"),
        // Line breaks are whitespace, as everywhere in the language (a reflowed catalog means the same).
        ("config {\n displayBudget\n 1\n per\n day\n}", "(config (displayBudget (int 1) day))"),
        ("tip T {\n priority\n 10\n}", "(tip T (priority (int 10)))"),
        ("group G\n ordered\n together\n { A }", "(group G ordered together A)"),
    ])
    func parses(source: String, dump: String) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [])
        #expect(SyntaxDump.file(result.tree) == dump)
    }

    /// Source, the one `line:col code message`, and the fix-it's replacement ("" for none).
    static let errorCases: [(String, String, String?)] = [
        ("config { displayBudget }", "1:24 E122 expected a number of tips after 'displayBudget', found '}'", nil),
        ("config { displayBudget daily }", "1:24 E122 expected a number of tips before 'daily', found 'daily'", nil),
        ("config { displayBudget 1 }", "1:26 E122 expected 'per day' or 'per launch' after the budget, found '}'", nil),
        ("config { displayBudget 1 per }", "1:30 E122 expected 'day' or 'launch' after 'per', found '}'", nil),
        ("config { displayBudget 1 per\n donationLimit 5 }", "1:29 E122 expected 'day' or 'launch' after 'per', found 'donationLimit'", nil),
        ("config { displayBudget 1 day }",
         "1:26 E122 a budget is written 'displayBudget 1 per day', not '... day'", "per day"),
        ("config { displayBudget 1 daily }",
         "1:26 E122 a budget is written 'displayBudget 1 per day', not '... daily'", "per day"),
        ("config { displayBudget 2 perDay }",
         "1:26 E122 a budget is written 'displayBudget 2 per day', not '... perDay'", "per day"),
        ("config { displayBudget 2 perLaunch }",
         "1:26 E122 a budget is written 'displayBudget 2 per launch', not '... perLaunch'", "per launch"),
        ("config { displayBudget 1 per session }", "1:30 E122 unknown budget unit 'session'", "launch"),
        ("config { displayBudget 1 per app }", "1:30 E122 unknown budget unit 'app'", "launch"),
        ("config { displayBudget 1 per dya }", "1:30 E122 unknown budget unit 'dya'", "day"),
        ("config { displayBudget 1 per week }", "1:30 E122 unknown budget unit 'week'", nil),
        ("config { session_rate 1 }", "1:10 E124 'session_rate' (Chromium's limit per session) is written 'displayBudget 1 per launch' in .tips",
         "displayBudget 1 per launch"),
        ("config { maxTipsPerDay: 2 }", "1:10 E124 'maxTipsPerDay' is written 'displayBudget 2 per day' in .tips",
         "displayBudget 2 per day"),
        ("config { dailyBudget }", "1:10 E124 'dailyBudget' is written 'displayBudget N per day' in .tips", nil),
        ("tip T { priority }", "1:18 E122 expected a number after 'priority', found '}'", nil),
        ("tip T { priority\n title \"x\" }", "1:17 E122 expected a number after 'priority', found 'title'", nil),
        ("group G togther { A }", "1:9 E122 unknown group priority 'togther'", "together"),
        ("group G ordered togther { A }", "1:17 E122 unknown group option 'togther'", "together"),
        ("group G together together { A }", "1:18 E128 'together' is written twice", ""),
        ("group G together ordered { A }",
         "1:18 E122 a group's priority comes before 'together': 'ordered together'", "ordered together"),
    ]

    @Test(arguments: errorCases)
    func errors(source: String, message: String, replacement: String?) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [message])
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == replacement)
    }

    @Test func unknownUnitsListTheUnits() {
        let (result, _) = parse("config { displayBudget 1 per week }")
        let notes = result.diagnostics.first?.notes.map(\.message) ?? []
        #expect(notes.contains("a budget is counted 'per day' (a local calendar day) or 'per launch' (one launch of the app)"))
        #expect(notes.contains { $0.contains("displayFrequency") }, "\(notes)")
    }

    @Test func aMisspelledUnitItemSuggestsTheWord() {
        let (result, _) = parse("config { displayBuget 1 per day }")
        #expect(result.diagnostics.first?.notes.first?.message == "did you mean 'displayBudget'?")
        let (tip, _) = parse("tip T { priorty 3 }")
        #expect(tip.diagnostics.first?.notes.first?.message == "did you mean 'priority'?")
    }

    @Test func formatsCanonically() throws {
        let formatted = try FormatterHarness.format(
            "config{displayBudget   2 per   launch}\ntip T{title \"T\" priority   -3 ignoresDisplayBudget true}\ngroup G ordered   together{T}")
        #expect(formatted == """
            config {
                displayBudget 2 per launch
            }

            tip T {
                title "T"
                priority -3
                ignoresDisplayBudget
            }

            group G ordered together { T }

            """)
    }
}
