import Testing
import TipsSource
@testable import TipsSyntax

/// Lexes `text` and renders the tokens (without the final eof) and the diagnostics.
private func lex(_ text: String) -> (tokens: String, errors: [String]) {
    let file = SourceFile(id: FileID(0), path: "test.tips", text: text)
    let result = Lexer.tokenize(file)
    let tokens = result.tokens.dropLast().map { token -> String in
        let spelled = file.text(in: token.range)
        let value: String
        switch token.kind {
        case .identifier: value = "id:\(spelled)"
        case .integer: value = token.isMalformed ? "int:bad" : "int:\(token.integerValue)"
        case .double: value = token.isMalformed ? "double:bad" : "double:\(token.doubleValue)"
        case .duration: value = token.isMalformed ? "dur:bad" : "dur:\(token.durationValue)"
        case .string: value = "str:" + SyntaxDump.string(result.strings[Int(token.payload)])
        case .ampAmp: value = "&&"  // also for a lone '&', recovered as '&&'
        case .pipePipe: value = "||"
        default: value = spelled
        }
        return value
    }
    return (tokens.joined(separator: " "), SyntaxDump.diagnostics(result.diagnostics, in: file))
}

struct LexerTests {
    @Test(arguments: [
        ("", ""),
        ("tip config enum param transient event group testing true false nil now",
         "tip config enum param transient event group testing true false nil now"),
        ("title rule count within _x a_1 Z9", "id:title id:rule id:count id:within id:_x id:a_1 id:Z9"),
        ("tips nowhere trueish", "id:tips id:nowhere id:trueish"),
        ("0 42 1_000 007 9223372036854775807", "int:0 int:42 int:1000 int:7 int:9223372036854775807"),
        ("3.5 0.25 1.5e3 2E-4 1e+2 1_0.5", "double:3.5 double:0.25 double:1500.0 double:0.0002 double:100.0 double:10.5"),
        ("500ms 45s 30m 12h 7d 2w 1h30m 1w2d3h4m5s6ms",
         "dur:500 dur:45000 dur:1800000 dur:43200000 dur:604800000 dur:1209600000 dur:5400000 dur:788645006"),
        ("1_000ms", "dur:1000"),
        ("{ } ( ) [ ] , : . = ? < > <= >= == != && || ! + - * / % ??",
         "{ } ( ) [ ] , : . = ? < > <= >= == != && || ! + - * / % ??"),
        ("a<=b>=c==d!=e??f", "id:a <= id:b >= id:c == id:d != id:e ?? id:f"),
        ("x.count", "id:x . id:count"),
        ("1.foo", "int:1 . id:foo"),
        ("\"\"", "str:\"\""),
        ("\"héllo ⌘ 😀\"", "str:\"héllo ⌘ 😀\""),
        (#""a\"b\\c\nd\te\rf\0g""#, #"str:"a\"b\\c\nd\te\rf\0g""#),
        (#""\u{1F600}\u{41}""#, "str:\"😀A\""),
        (#""New \(itemID)!""#, #"str:(string "New " \(itemID) "!")"#),
        (#""\(a)\(b)""#, #"str:(string \(a) \(b))"#),
        ("a // comment\nb /* block\n */ c", "id:a id:b id:c"),
        ("\u{FEFF}tip", "tip"),
    ])
    func tokens(source: String, expected: String) {
        let (tokens, errors) = lex(source)
        #expect(tokens == expected)
        #expect(errors == [])
    }

    /// Sources with lexical errors: the tokens and the exact `line:col code message` list.
    static let errorCases: [(String, String, [String])] = [
        // 2^63 is left to the parser, which alone sees whether a minus precedes it.
        ("9223372036854775808", "int:-9223372036854775808", []),
        ("99999999999999999999", "int:bad",
         ["1:1 E108 integer literal '99999999999999999999' does not fit in a 64-bit signed integer"]),
        ("1e999", "double:bad", ["1:1 E108 floating-point literal '1e999' is out of range"]),
        ("1_", "int:bad", ["1:2 E109 '_' in a number must stand between digits"]),
        ("1.5h", "double:bad", ["1:1 E109 '1.5h' is not a valid number; a duration takes whole numbers of units"]),
        ("3month", "dur:bad", ["1:2 E110 'month' is not a duration unit"]),
        ("7days", "dur:bad", ["1:2 E110 'days' is not a duration unit"]),
        ("1h30", "dur:bad", ["1:3 E110 expected a unit after '30' in duration '1h30'"]),
        ("30m1h", "dur:bad", ["1:5 E111 duration unit 'h' cannot follow 'm'; write units from larger to smaller"]),
        ("1h2h", "dur:bad", ["1:4 E111 duration unit 'h' is repeated"]),
        ("1m1ms1s", "dur:bad", ["1:7 E111 duration unit 's' cannot follow 'ms'; write units from larger to smaller"]),
        ("99999999999999w", "dur:bad", ["1:1 E112 duration '99999999999999w' is too long to count in 64-bit milliseconds"]),
        ("99999999999999999999ms", "dur:bad",
         ["1:1 E112 duration '99999999999999999999ms' is too long to count in 64-bit milliseconds"]),
        ("\"abc", "str:\"abc\"", ["1:1 E103 unterminated string literal"]),
        ("\"abc\nx", "str:\"abc\" id:x", ["1:1 E103 unterminated string literal"]),
        (#""a\qb""#, "str:\"ab\"", [#"1:3 E105 invalid escape sequence '\q' in string literal"#]),
        (#""\u{110000}""#, "str:\"\"", [#"1:2 E106 '\u{110000}' is not a Unicode scalar value"#]),
        (#""\u{D800}""#, "str:\"\"", [#"1:2 E106 '\u{D800}' is not a Unicode scalar value"#]),
        (#""\u{123456789}""#, "str:\"\"", [#"1:2 E106 invalid Unicode escape '\u{123456789}'; it needs 1 to 8 hex digits"#]),
        (#""\u{}""#, "str:\"\"", [#"1:2 E106 invalid Unicode escape '\u{}'; it needs 1 to 8 hex digits"#]),
        (#""\u41""#, "str:\"41\"", [#"1:2 E106 expected '{' after '\u' in Unicode escape"#]),
        (#""\u{41""#, "str:\"\"", [#"1:2 E106 expected '}' to end Unicode escape"#]),
        (#""\()""#, "str:\"\"", [#"1:2 E107 expected a tip argument name after '\(' in string interpolation"#]),
        (#""\(a.b) ok""#, "str:\" ok\"", [#"1:2 E107 expected ')' after 'a' in string interpolation"#]),
        ("a /* never closed", "id:a", ["1:3 E104 unterminated block comment"]),
        ("a § b", "id:a id:b", ["1:3 E102 unexpected character '§'"]),
        ("a ## b", "id:a id:b", ["1:3 E102 unexpected characters '##'"]),
        ("café", "id:caf", ["1:4 E102 unexpected character 'é'"]),
        ("a & b", "id:a && id:b", ["1:3 E102 unexpected character '&'; did you mean '&&'?"]),
        ("a | b", "id:a || id:b", ["1:3 E102 unexpected character '|'; did you mean '||'?"]),
        ("a;", "id:a", ["1:2 E102 unexpected ';': items need no separator, each starts with its own word"]),
        ("\u{7}", "", ["1:1 E102 unexpected character '\\u{07}'"]),
    ]

    @Test(arguments: errorCases)
    func errors(source: String, expectedTokens: String, expectedErrors: [String]) {
        let (tokens, errors) = lex(source)
        #expect(tokens == expectedTokens)
        #expect(errors == expectedErrors)
    }

    /// Bytes that are not UTF-8: the tokens and the exact diagnostics.
    static let invalidUTF8Cases: [([UInt8], String, [String])] = [
        ([0x61, 0xFF, 0x62] as [UInt8], "id:a id:b", ["1:2 E100 invalid UTF-8 (byte 0xFF)"]),
        ([0x22, 0xC3, 0x22] as [UInt8], "str:\"\u{FFFD}\"", ["1:2 E100 invalid UTF-8 (byte 0xC3)"]),
        ([0x2F, 0x2F, 0xED, 0xA0, 0x80] as [UInt8], "", ["1:3 E100 invalid UTF-8 (bytes 0xED 0xA0 0x80)"]),
        ([0xC0, 0xAF] as [UInt8], "", ["1:1 E100 invalid UTF-8 (bytes 0xC0 0xAF)"]),
        ([0xF0, 0x9F, 0x98] as [UInt8], "", ["1:1 E100 invalid UTF-8 (bytes 0xF0 0x9F 0x98)"]),
    ]

    @Test(arguments: invalidUTF8Cases)
    func invalidUTF8(bytes: [UInt8], expectedTokens: String, expectedErrors: [String]) {
        let file = SourceFile(id: FileID(0), path: "test.tips", bytes: bytes)
        let result = Lexer.tokenize(file)
        let tokens = result.tokens.dropLast().map { token -> String in
            switch token.kind {
            case .identifier: "id:\(file.text(in: token.range))"
            case .string: "str:" + SyntaxDump.string(result.strings[Int(token.payload)])
            default: file.text(in: token.range)
            }
        }
        #expect(tokens.joined(separator: " ") == expectedTokens)
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == expectedErrors)
    }

    @Test func commentsAreCollectedWithRanges() {
        let text = "// one\ntip /* two\nlines */ x // three"
        let file = SourceFile(id: FileID(0), path: "t.tips", text: text)
        let comments = Lexer.tokenize(file).comments
        #expect(comments.map(\.text) == ["// one", "/* two\nlines */", "// three"])
        #expect(comments.map(\.kind) == [.line, .block, .line])
        #expect(comments.map { file.text(in: $0.range) } == comments.map(\.text))
    }

    @Test func crlfLineEndsStayOutOfCommentsAndStrings() {
        let file = SourceFile(id: FileID(0), path: "t.tips", text: "// one\r\ntip T {\r\n title \"x\r\n}")
        let result = Lexer.tokenize(file)
        #expect(result.comments.map(\.text) == ["// one"])
        #expect(SyntaxDump.diagnostics(result.diagnostics, in: file) == ["3:8 E103 unterminated string literal"])
        #expect(result.diagnostics.map { file.text(in: $0.range) } == ["\"x"])
    }

    @Test func tokensKnowWhetherTheyStartALine() {
        let file = SourceFile(id: FileID(0), path: "t.tips", text: "a b\nc /* \n */ d")
        let flags = Lexer.tokenize(file).tokens.map(\.isAtLineStart)
        #expect(flags == [true, false, true, true, false])
    }

    @Test func interpolationRangesPointAtTheName() {
        let file = SourceFile(id: FileID(0), path: "t.tips", text: #"x "id-\(itemID)""#)
        let literal = Lexer.tokenize(file).strings[0]
        guard case .interpolation(let name) = literal.segments.last else {
            Issue.record("no interpolation")
            return
        }
        #expect(file.text(in: name.range) == "itemID")
        #expect(file.text(in: literal.range) == #""id-\(itemID)""#)
    }
}
