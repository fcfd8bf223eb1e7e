import Testing
import TipsSource
import TipsSyntax

/// `experiment NAME { salt, holdout, variant NAME SHARE { tip-items } }`: parsed into the tree
/// (shares as written, so the checker can offer the percentage for a fraction) and formatted
/// back in canonical form.
@Suite struct ExperimentSyntaxTests {
    @Test(arguments: [
        ("experiment copy {\n holdout 10%\n variant short 90% { title \"S\" }\n}",
         "(experiment copy (holdout 10%) (variant short 90% (title \"S\")))"),
        ("experiment copy {\n salt \"2026-12\"\n variant a 50% { maxDisplayCount 2 }\n variant b 12.5% { message \"M\" rule true }\n}",
         "(experiment copy (salt \"2026-12\") (variant a 50% (maxDisplayCount (int 2))) (variant b 12.5% (message \"M\") (rule true)))"),
        ("experiment copy {\n variant a 0.5 { title \"A\" }\n variant b { title \"B\" }\n}",
         "(experiment copy (variant a 0.5 (title \"A\")) (variant b (title \"B\")))"),
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
        let source = "tip T {\n title \"T\"\n experiment  copy {   salt \"s\"\n holdout   10%\n"
            + " variant short  45%   { title \"S\" }\n variant long 45% {\n  message \"L\"\n maxDisplayCount 2 }\n}\n}\n"
        let formatted = try FormatterHarness.format(source)
        let expected = """
            tip T {
                title "T"
                experiment copy {
                    salt "s"
                    holdout 10%
                    variant short 45% {
                        title "S"
                    }
                    variant long 45% {
                        message "L"
                        maxDisplayCount 2
                    }
                }
            }

            """
        #expect(formatted == expected)
        // Formatting is a fixed point.
        #expect(try FormatterHarness.format(formatted) == formatted)
    }

    @Test(arguments: [
        ("experiment { variant a 50% { title \"A\" } }", "expected the experiment's name"),
        ("experiment e { holdout }", "expected a share after 'holdout'"),
        ("experiment e { variant a 50% title \"A\" }", "expected '{' after the variant's share"),
        ("experiment e { color 3 }", "experiment body"),
    ])
    func mistakesAreReported(item: String, message: String) {
        let (file, result) = FormatterHarness.parse("tip T {\n    title \"T\"\n    \(item)\n}\n")
        let errors = FormatterHarness.errors(result, in: file)
        #expect(errors.contains { $0.contains(message) }, "\(errors)")
    }
}
