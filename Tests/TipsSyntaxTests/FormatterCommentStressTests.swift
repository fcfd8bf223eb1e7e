import Testing
import TipsSource
import TipsSyntax

/// Comments in every position: each golden input again, with a comment inserted at one
/// place where there is white space, once for every such place. Each variant that still
/// parses (a comment inserted inside a string or another comment may change or break it)
/// must keep all its properties: every comment exactly once, same meaning, idempotent.
@Suite struct FormatterCommentStressTests {
    /// The variants of `text`: for each space or line break, the text with a block comment
    /// (`/*cN*/`) or a line comment (`//cN` and a line break) inserted there, the two kinds
    /// taking turns (trying both everywhere doubles the time and finds nothing more).
    static func variants(of text: String) -> [String] {
        let bytes = Array(text.utf8)
        var out: [String] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: " ") || b == UInt8(ascii: "\n") {
            let insert = out.count % 2 == 0 ? " /*c\(i)*/ " : " //c\(i)\n"
            out.append(String(decoding: bytes[..<i] + Array(insert.utf8) + bytes[i...], as: UTF8.self))
        }
        return out
    }

    @Test(arguments: FormatterHarness.goldenNames)
    func commentAnywhereKeepsProperties(_ name: String) throws {
        let input = try FormatterHarness.read(FormatterHarness.inputURL(name))
        var checked = 0
        let variants = Self.variants(of: input)
        for variant in variants {
            let (file, result) = FormatterHarness.parse(variant)
            guard FormatterHarness.errors(result, in: file).isEmpty else { continue }
            try FormatterHarness.checkProperties(of: variant)
            checked += 1
        }
        // Most insertions land between tokens; only those inside comments can break a parse.
        #expect(checked * 2 > variants.count)
    }
}
