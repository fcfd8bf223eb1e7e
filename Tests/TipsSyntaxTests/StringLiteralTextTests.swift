import Testing
import TipsSource
import TipsSyntax

/// `StringLiteralText`, the one writer of string literals (formatter, scenario tools): what
/// it writes lexes back to the same text, and no control character is left in it.
@Suite struct StringLiteralTextTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"\\", #""say \"hi\"\\""#),
        ("a\nb\tc\rd\0e", #""a\nb\tc\rd\0e""#),
        ("bell\u{7}del\u{7F}nel\u{85}csi\u{9B}", #""bell\u{7}del\u{7F}nel\u{85}csi\u{9B}""#),
        ("é✓ 😀 \u{A0}", "\"é✓ 😀 \u{A0}\""),
    ])
    func writesTheEscapes(_ text: String, _ literal: String) {
        #expect(StringLiteralText.quoted(text) == literal)
    }

    /// Every scalar of the control ranges and a sample of others, each between letters.
    @Test func everyStringReadsBackEqual() throws {
        var scalars = (0..<0xA0).compactMap(Unicode.Scalar.init)
        scalars += [0xA0, 0xAD, 0x2028, 0x2029, 0x202E, 0xFEFF, 0x1F600].compactMap(Unicode.Scalar.init)
        for s in scalars {
            let text = "a" + String(Character(s)) + "b\"\\(x)"
            let quoted = StringLiteralText.quoted(text)
            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            let file = SourceFile(id: FileID(0), path: "t.tips", text: quoted)
            let result = Lexer.tokenize(file)
            #expect(result.diagnostics.isEmpty, "\(quoted)")
            let literal = try #require(result.strings.first)
            var back = ""
            for segment in literal.segments {
                if case .text(let t) = segment { back += t } else { Issue.record("an interpolation in \(quoted)") }
            }
            #expect(back == text, "U+\(String(s.value, radix: 16))")
        }
    }
}
