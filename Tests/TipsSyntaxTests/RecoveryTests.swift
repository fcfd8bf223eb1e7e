import Testing
import TipsSource
@testable import TipsSyntax

/// One run reports every independent error, each once, and keeps what parsed.
struct RecoveryTests {
    @Test func independentErrorsAreAllReportedWithoutCascades() {
        let text = """
            param x Int = 3
            param ok1: Bool = true
            enum E { a b }
            event e(a: Int) lmit 5
            tip A {
                titel "Save"
                rule a < b < c
                rule a &&
                rule count(e by f) > 1
                message "fine"
                action "go" {
                    sett p = 1
                    title "Go"
                }
                maxDisplayCount (1
                image "x"
            }
            tipp B { title "x" }
            group G { A }
            config { displayFrequency "daily" donationLimit }
            tip C { title "a" rule x
            """
        let (result, file) = parse(text)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [
            "1:9 E122 expected ':' after parameter name 'x', found 'Int'",
            "3:11 E122 expected ',' between 'a' and 'b'",
            "4:17 E121 expected a declaration, found 'lmit'",
            "6:5 E124 unknown item 'titel' in tip body",
            "7:16 E125 comparison operators do not chain: '<' cannot follow '<'",
            "8:14 E123 expected an expression after '&&'",
            "9:18 E126 'by' is only allowed in 'largestGroup' and 'smallestGroup', not in 'count'",
            "12:9 E124 unknown item 'sett' in action body",
            "15:23 E122 expected ')' to match '(', found 'image'",
            "18:1 E121 expected a declaration, found 'tipp'",
            "20:49 E123 expected an expression after 'donationLimit'",
            "21:25 E122 expected '}' to end tip 'C', found end of file",
        ])
        // What parsed is kept: the good declarations and the good items of broken blocks.
        #expect(SyntaxDump.file(result.tree) == [
            "(param x Int (int 3))",  // the forgotten ':' is reported and read as if written
            "(param ok1 Bool true)",
            "(enum E a b)",
            "(event e (field a Int))",
            "(tip A (rule (binary < (binary < (name a) (name b)) (name c))) (rule (binary && (name a) missing)) "
                + "(rule (binary > (query count e) (int 1))) (message \"fine\") (action \"go\" (title \"Go\")) "
                + "(image \"x\"))",
            "(group G A)",
            "(config (displayFrequency \"daily\") (donationLimit missing))",
            "(tip C (title \"a\") (rule (name x)))",
        ].joined(separator: " "))
    }

    @Test func atMostOneParserErrorPerLine() {
        let (result, file) = parse("tip T { titel x rule a < b < c id 5 ) ) ) }")
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == ["1:9 E124 unknown item 'titel' in tip body"])
    }

    @Test func lexicalErrorsDoNotCascadeIntoParserErrors() {
        let (result, file) = parse("tip T {\n title \"unterminated\n rule a § b\n rule 3month > x\n}")
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [
            "2:8 E103 unterminated string literal",
            "3:9 E102 unexpected character '§'",
            "4:8 E110 'month' is not a duration unit",
        ])
    }

    @Test func missingCloseBraceBeforeNextDeclarationKeepsBoth() {
        let (result, file) = parse("tip A {\n title \"a\"\n\ntip B {\n title \"b\"\n}")
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == [
            "2:11 E122 expected '}' to end tip 'A', found 'tip'",
        ])
        #expect(SyntaxDump.file(result.tree) == "(tip A (title \"a\")) (tip B (title \"b\"))")
    }
}
