import Foundation
import Testing
import TipsSource
import TipsSyntax

/// `format` requires an error-free tree and callers skip files with parse errors, but it
/// must still never trap if handed one: every prefix of every golden input is formatted,
/// and every comment the lexer found is still printed somewhere.
@Suite struct FormatterBrokenInputTests {
    @Test(arguments: FormatterHarness.goldenNames)
    func truncatedInputsDoNotTrap(_ name: String) throws {
        let bytes = Array(try FormatterHarness.read(FormatterHarness.inputURL(name)).utf8)
        for end in stride(from: 0, through: bytes.count, by: 5) {
            let file = SourceFile(id: FileID(0), path: "broken.tips", bytes: Array(bytes[..<end]))
            let tree = Parser.parse(file).tree
            let output = Formatter.format(tree, source: file)
            for comment in tree.comments {
                #expect(output.contains(comment.text.trimmingCharacters(in: .whitespacesAndNewlines)))
            }
        }
    }
}
