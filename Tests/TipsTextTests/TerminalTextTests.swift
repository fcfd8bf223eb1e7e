import Testing
import TipsText

struct TerminalTextTests {
    /// Every control character of C0, DEL and C1 is escaped, whatever happens to backslashes.
    @Test(arguments: [TerminalText.Backslashes.doubled, .kept])
    func everyControlCharacterIsEscaped(backslashes: TerminalText.Backslashes) {
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) {
            let scalar = Unicode.Scalar(UInt32(value))!
            let out = TerminalText.escaped("a" + String(Character(scalar)) + "b", backslashes: backslashes)
            #expect(!out.unicodeScalars.contains(where: TerminalText.isControl), "U+\(String(value, radix: 16))")
            #expect(out.hasPrefix("a\\") && out.hasSuffix("b"))
        }
    }

    @Test func spellings() {
        #expect(TerminalText.escaped("a\tb\r\n\u{0}\u{7F}\u{85}\u{9B}\\") == "a\\tb\\r\\n\\u{0}\\u{7F}\\u{85}\\u{9B}\\\\")
        #expect(TerminalText.escaped("\"\\(x)\"\u{1B}[2J", backslashes: .kept) == "\"\\(x)\"\\u{1B}[2J")
        #expect(TerminalText.escaped("café 日本 \u{A0}") == "café 日本 \u{A0}")
    }
}
