import Testing
import TipsBenchSupport
import TipsSource
@testable import TipsLanguageServer
import TipsText

/// The incremental line table of an open document against `SourceFile`'s, rebuilt from the
/// whole text: after every random edit both agree on the text, the line starts and where
/// every position lands.
@Suite struct DocumentTextTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func editsKeepTheLineTableOfTheWholeText(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [[0x0A], [0x0D, 0x0A], Array("ab".utf8), Array("é".utf8), Array("😀".utf8), [0x0A, 0x0A], [], [0xFF]]
        var text = DocumentText(Array("line one\nline two\r\n\nlast".utf8))
        var plain = text.bytes
        for step in 0..<2_000 {
            let a = Int.random(in: 0...plain.count, using: &random)
            let b = min(plain.count, a + Int.random(in: 0...6, using: &random))
            var insert: [UInt8] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) { insert += pieces.randomElement(using: &random)! }
            text.replace(a..<b, with: insert)
            plain.replaceSubrange(a..<b, with: insert)
            let file = SourceFile(id: FileID(0), path: "", bytes: plain)
            #expect(text.bytes == plain, "seed \(seed) step \(step)")
            #expect(text.lineStarts == file.lineStarts, "seed \(seed) step \(step)")
            guard text.lineStarts == file.lineStarts else { return }
            for _ in 0..<4 {
                let position = LSPPosition(line: Int.random(in: -1...file.lineStarts.count, using: &random),
                                           character: Int.random(in: 0...8, using: &random))
                for encoding in [PositionEncoding.utf8, .utf16] {
                    #expect(text.offset(of: position, encoding: encoding) == Int(file.offset(of: position, encoding: encoding)))
                }
            }
        }
    }
}

@Suite struct JSONObjectTests {
    @Test func aRepeatedKeyKeepsTheLastValueInItsPlace() throws {
        #expect(try JSON.parse("{\"a\":1,\"b\":2,\"a\":3}") == .object([("b", 2), ("a", 3)]))
        // Past the size where keys are hashed, the same rule.
        var members = (0..<40).map { "\"k\($0)\":\($0)" }
        members.append("\"k3\":\"again\"")
        let parsed = try JSON.parse("{" + members.joined(separator: ",") + "}")
        var expected: [(String, JSON)] = (0..<40).filter { $0 != 3 }.map { ("k\($0)", .int($0)) }
        expected.append(("k3", "again"))
        #expect(parsed == .object(expected))
        #expect(parsed["k3"] == "again")
    }

    @Test func manyKeysParse() throws {
        let text = "{" + (0..<20_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let parsed = try JSON.parse(text)
        #expect(parsed.members?.count == 20_000)
        #expect(parsed["k19999"]?.int == 19_999)
    }
}
