import Testing
@testable import TipsSwiftGen

/// The two escapers every catalog text goes through (``SwiftEscaping``), on the characters
/// the Swift lexer treats specially. The compiled round trip is HostileCatalogPropertyTests'.
@Suite struct SwiftEscapingTests {
    /// U+FDD0, which a Swift literal can hold raw but not as `\u{FDD0}`.
    static let fdd0 = String(Unicode.Scalar(0xFDD0)!)

    @Test(arguments: [
        ("plain", "\"plain\""),
        ("a\"b\\c", "\"a\\\"b\\\\c\""),
        ("\r\n\t", "\"\\r\\n\\t\""),
        ("\u{0}\u{1B}\u{7F}\u{85}", "\"\\u{0}\\u{1b}\\u{7f}\\u{85}\""),
        ("\u{2028}\u{2029}\u{202E}\u{FEFF}\u{200B}\u{E0041}", "\"\\u{2028}\\u{2029}\\u{202e}\\u{feff}\\u{200b}\\u{e0041}\""),
        ("\\(x) \"\"\" #\"", "\"\\\\(x) \\\"\\\"\\\" #\\\"\""),
        // Kept as they are: emoji joiners, combining marks, noncharacters (\u{FDD0} is
        // "invalid unicode scalar" as an escape), private use.
        ("👨‍👩‍👧 e\u{301} \(SwiftEscapingTests.fdd0)\u{FFFF}\u{E000}", "\"👨‍👩‍👧 e\u{301} \(SwiftEscapingTests.fdd0)\u{FFFF}\u{E000}\""),
    ])
    func stringLiterals(_ text: String, _ literal: String) {
        #expect(SwiftEscaping.stringLiteral(text) == literal)
    }

    @Test(arguments: [
        ("one", ["one"]),
        ("", [""]),
        ("a\nb", ["a", "b"]),
        ("a\rb", ["a", "b"]),
        ("a\r\nb", ["a", "b"]),
        ("a\n\rb", ["a", "", "b"]),
        ("a\r\r\nb\n", ["a", "", "b", ""]),
        ("tab\there", ["tab\there"]),
        ("ls\u{2028}nel\u{85}vt\u{B}ff\u{C}nul\u{0}", ["ls\\u{2028}nel\\u{85}vt\\u{b}ff\\u{c}nul\\u{0}"]),
        ("*/ /* \\ \" \"\"\"", ["*/ /* \\ \" \"\"\""]),
    ])
    func commentLines(_ text: String, _ lines: [String]) {
        #expect(SwiftEscaping.commentLines(text) == lines)
    }

    /// A one-line comment keeps no line break at all.
    @Test func commentTextEscapesLineBreaks() {
        #expect(SwiftEscaping.commentText("a\rb\nc\r\nd") == "a\\u{d}b\\u{a}c\\u{d}\\u{a}d")
    }

    /// Every scalar Swift ends a line comment at, or warns about, is hidden; nothing a
    /// reader needs to see as itself is.
    @Test func hiddenScalars() {
        for scalar in ["\n", "\r", "\u{0}", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}",
                       "\u{2069}", "\u{200E}", "\u{61C}", "\u{FEFF}", "\u{E0001}"] as [Unicode.Scalar] {
            #expect(SwiftEscaping.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
        for scalar in ["a", " ", "\u{200C}", "\u{200D}", "\u{301}", "\u{FE0F}", Unicode.Scalar(0xFDD0)!, "\u{A0}", "é"] as [Unicode.Scalar] {
            #expect(!SwiftEscaping.isHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// The reserved list holds each word once (a duplicate would trap when the set is built)
    /// and escapes what the property test's names need.
    @Test func reservedWords() {
        #expect(SwiftNames.escaped("_") == "`_`")
        #expect(SwiftNames.escaped("Type") == "`Type`")
        #expect(SwiftNames.escaped("await") == "`await`")
        #expect(SwiftNames.escaped("favoriteTip") == "favoriteTip")
    }
}
