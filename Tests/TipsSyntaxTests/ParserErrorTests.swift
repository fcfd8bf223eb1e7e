import Testing
import TipsSource
@testable import TipsSyntax

/// Each row: source and the exact `line:col code message` list it produces.
struct ParserErrorTests {
    /// Sources with syntax errors, the parser's (and a few of the lexer's).
    static let errorCases: [(String, [String])] = [
        // Declarations.
        ("param x Int = 3", ["1:9 E122 expected ':' after parameter name 'x', found 'Int'"]),
        ("param y: = 3", ["1:10 E122 expected a type after ':', found '='"]),
        ("param z: Int =", ["1:15 E123 expected an expression after '='"]),
        ("param true: Bool", ["1:7 E122 expected a parameter name after 'param', found 'true'"]),
        ("param s: Set<String", ["1:20 E122 expected '>' after type argument 'String', found end of file"]),
        ("transient event e", ["1:11 E122 expected 'param' after 'transient', found 'event'"]),
        ("event", ["1:6 E122 expected an event name after 'event', found end of file"]),
        ("event e()", ["1:8 E127 event 'e' has an empty payload"]),
        ("event e(a Int)", ["1:11 E122 expected ':' after field name 'a', found 'Int'"]),
        ("event e(a: Int b: Int)", ["1:16 E122 expected ',' or ')' after field 'a', found 'b'"]),
        ("event q limit 3 limit 4", ["1:17 E128 'limit' is given twice for event 'q'"]),
        ("event r lmit 4", ["1:9 E121 expected a declaration, found 'lmit'"]),
        ("enum E { a b }", ["1:11 E122 expected ',' between 'a' and 'b'"]),
        ("enum F {}", ["1:1 E127 enumeration 'F' has no cases"]),
        ("enum G { a, 1 }", ["1:13 E122 expected a case name after ',', found '1'"]),
        ("enum { a }", ["1:6 E122 expected an enumeration name after 'enum', found '{'"]),
        ("tipp B { }", ["1:1 E121 expected a declaration, found 'tipp'"]),
        ("}", ["1:1 E121 unexpected '}' outside any block"]),
        ("42", ["1:1 E121 expected a declaration, found '42'"]),
        ("group G orderd { A }", ["1:9 E122 unknown group priority 'orderd'"]),
        ("group G { A, }", []),
        ("group G { A, B", ["1:15 E122 expected ',' or '}' after tip name 'B', found end of file"]),
        ("testing { show }", ["1:16 E122 expected a tip name after 'show', found '}'"]),
        ("testing { shw A }", ["1:11 E124 unknown item 'shw' in testing block"]),
        ("config { displayFrequency }", ["1:27 E123 expected an expression after 'displayFrequency'"]),
        ("config { displayFrequency donationLimit 5 }",
         ["1:27 E122 expected a frequency after 'displayFrequency', found 'donationLimit'"]),
        ("config { 5 }", ["1:10 E124 expected an item in config block, found '5'"]),
        ("config", ["1:7 E122 expected '{' after 'config', found end of file"]),
        // Tip bodies.
        ("tip T() { }", ["1:6 E127 tip 'T' has an empty argument list"]),
        ("tip { }", ["1:5 E122 expected a tip name after 'tip', found '{'"]),
        ("tip T title \"x\" }", ["1:7 E122 expected '{' after tip name of 'T', found 'title'"]),
        ("tip T { titel \"x\" }", ["1:9 E124 unknown item 'titel' in tip body"]),
        ("tip T { \"x\" }", ["1:9 E124 expected an item in tip body, found a string"]),
        ("tip T { title }", ["1:15 E122 expected a string or 'localized(...)' after 'title', found '}'"]),
        ("tip T { title 5 }", ["1:15 E122 expected a string or 'localized(...)' after 'title', found '5'"]),
        ("tip T { id 5 }", ["1:12 E122 expected a string after 'id', found '5'"]),
        ("tip T { rule }", ["1:14 E123 expected an expression after 'rule'"]),
        ("tip T { rule a < b < c }", ["1:20 E125 comparison operators do not chain: '<' cannot follow '<'"]),
        ("tip T { rule a == b != c }", ["1:21 E125 comparison operators do not chain: '!=' cannot follow '=='"]),
        ("tip T { rule a && }", ["1:19 E123 expected an expression after '&&'"]),
        ("tip T { rule !}", ["1:15 E123 expected an expression after '!'"]),
        ("tip T { rule (a }", ["1:17 E122 expected ')' to match '(', found '}'"]),
        ("tip T { rule [a b] }", ["1:17 E122 expected ',' or ']' in set literal, found 'b'"]),
        ("tip T { rule min(a b) }", ["1:20 E122 expected ',' or ')' in the arguments of 'min', found 'b'"]),
        ("tip T { rule a. }", ["1:17 E122 expected a member name after '.', found '}'"]),
        ("tip T { rule . }", ["1:16 E122 expected an enumeration case name after '.', found '}'"]),
        ("tip T { rule count(e by f) > 1 }",
         ["1:22 E126 'by' is only allowed in 'largestGroup' and 'smallestGroup', not in 'count'"]),
        ("tip T { rule largestGroup(e) > 1 }", ["1:14 E126 'largestGroup' needs 'by FIELD' after the event name"]),
        ("tip T { rule count(e within 7d where x) > 1 }",
         ["1:32 E122 expected ')' to end 'count(...)', found 'where'"]),
        ("tip T { rule count() }", ["1:20 E122 expected an event name after 'count(', found ')'"]),
        ("tip T { rule 9223372036854775808 }",
         ["1:14 E108 integer literal '9223372036854775808' does not fit in a 64-bit signed integer"]),
        ("tip T { invalidate e }", ["1:20 E122 expected 'when' after 'invalidate', found 'e'"]),
        ("tip T { invalidate when }", ["1:25 E122 expected an event name after 'invalidate when', found '}'"]),
        ("tip T { invalidate when e reason }", ["1:34 E122 expected a reason after 'reason', found '}'"]),
        ("tip T { message localized(\"k\", default: \"d\", table: \"t\") }",
         ["1:46 E122 expected 'default:' after ',', found 'table'"]),
        ("tip T { message localized(\"k\" }", ["1:31 E122 expected ')' to end 'localized(...)', found '}'"]),
        ("tip T { message localized(5) }",
         ["1:27 E122 expected a localization key string after 'localized(', found '5'"]),
        ("tip T { action { } }", ["1:16 E122 expected the action's id string after 'action', found '{'"]),
        ("tip T { action \"a\" { title \"t\" title \"u\" } }", ["1:32 E128 action 'a' already has a title"]),
        ("tip T { action \"a\" { sett p = 1 } }", ["1:22 E124 unknown item 'sett' in action body"]),
        ("tip T { action \"a\" { set p 1 } }", ["1:28 E122 expected '=' after 'set p', found '1'"]),
        ("tip T { action \"a\" { donate e(a 1) } }", ["1:33 E122 expected ':' after field name 'a', found '1'"]),
        ("tip T { action \"a\" { donate } }", ["1:29 E122 expected an event name after 'donate', found '}'"]),
        ("tip T {\n rule a &&\n rule b\n}", ["2:11 E123 expected an expression after '&&'"]),
        ("tip T {\n rule a &&\n maxDisplayCount 3\n}", ["2:11 E123 expected an expression after '&&'"]),
        ("tip T { title: \"x\" rule a }", ["1:14 E122 unexpected ':' after 'title'; items take no ':'"]),
        ("tip T { rule a = 3 }", ["1:16 E124 expected an item in tip body, found '='"]),
        ("tip T {", ["1:8 E122 expected '}' to end tip 'T', found end of file"]),
        ("tip T { title \"x\"\ntip U { }", ["1:18 E122 expected '}' to end tip 'T', found 'tip'"]),
        ("tip T {\n action \"a\" {\n title \"t\"\n rule x\n}",
         ["3:11 E122 expected '}' to end action 'a', found 'rule'"]),
    ]

    @Test(arguments: errorCases)
    func errors(source: String, expected: [String]) {
        let (result, file) = parse(source)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == expected)
    }

    @Test func unknownItemSuggestsTheClosestWordWithAFixIt() {
        let (result, file) = parse("tip T {\n    titel \"Save\"\n}")
        let d = try! #require(result.diagnostics.first)
        #expect(d.notes.map(\.message) == [
            "did you mean 'title'?",
            "items start with 'id', 'title', 'message', 'image', 'rule', 'action', 'invalidate', 'goal', 'experiment', "
                + "'maxDisplayCount', 'maxDisplayDuration', 'ignoresDisplayFrequency', 'priority', 'ignoresDisplayBudget' or 'resetEligibility'",
        ])
        #expect(d.fixIts.count == 1)
        #expect(d.fixIts.first?.edits.first.map { file.text(in: $0.range) } == "titel")
        #expect(d.fixIts.first?.edits.first?.replacement == "title")
    }

    @Test func colonAfterAnItemWordIsSkippedWithAFixIt() {
        let (result, _) = parse("tip T {\n title: \"x\"\n}")
        #expect(SyntaxDump.file(result.tree) == "(tip T (title \"x\"))")
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == "")
    }

    @Test func singleEqualsInARuleSuggestsComparison() {
        let (result, _) = parse("tip T { rule a = 3 }")
        #expect(result.diagnostics.first?.notes.first?.message == "to compare, write '=='")
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == "==")
    }

    @Test(arguments: [
        ("tip T { rule count(e within 7 d) > 1 }", "write a duration without spaces, as in '7d'", ""),
        ("tip T { maxDisplayDuration 30 s }", "write a duration without spaces, as in '30s'", ""),
        ("tip T { rule a and b }", "did you mean '&&'?", "&&"),
        ("tip T { rule a or b }", "did you mean '||'?", "||"),
    ])
    func commonSlipsGetAHint(source: String, note: String, replacement: String) {
        let (result, _) = parse(source)
        let d = try! #require(result.diagnostics.first)
        #expect(d.notes.first?.message == note)
        #expect(d.fixIts.first?.edits.first?.replacement == replacement)
    }

    @Test func unknownItemWithoutCloseWordOnlyListsTheItems() {
        let (result, _) = parse("tip T { banana 3 }")
        let d = try! #require(result.diagnostics.first)
        #expect(d.notes.count == 1)
        #expect(d.fixIts.isEmpty)
    }

    @Test(arguments: [
        ("titel", "title"), ("mesage", "message"), ("rul", "rule"), ("maxDisplayCnt", "maxDisplayCount"),
        ("Title", "title"), ("imag", "image"),
    ])
    func suggestions(typed: String, suggested: String) {
        #expect(ParserState.closest(to: typed, among: ParserBlock.tip.words) == suggested)
    }

    @Test(arguments: ["banana", "x", "ttl", "zzzzzzz"])
    func noSuggestionForUnrelatedWords(typed: String) {
        #expect(ParserState.closest(to: typed, among: ParserBlock.tip.words) == nil)
    }

    @Test func everyErrorHasADocumentedSyntaxCode() {
        let codes = DiagnosticCode.syntaxCodes.map(\.text)
        let (result, _) = parse("tip T { rule a < b < c titel x }\nparam")
        for d in result.diagnostics { #expect(codes.contains(d.code)) }
    }
}
