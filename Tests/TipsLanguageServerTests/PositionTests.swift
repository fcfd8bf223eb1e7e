import Testing
import TipsSource
@testable import TipsLanguageServer

/// LSP counts UTF-16 code units by default; the source counts bytes. Emoji take 4 bytes and 2 units.
@Suite struct PositionTests {
    let file = SourceFile(id: FileID(0), path: "x", bytes: Array("a😀b\r\né\nlast".utf8))

    @Test(arguments: [
        // (byte offset, UTF-16 line/character, UTF-8 line/character)
        (0, 0, 0, 0, 0), (1, 0, 1, 0, 1), (5, 0, 3, 0, 5), (6, 0, 4, 0, 6),
        (8, 1, 0, 1, 0), (10, 1, 1, 1, 2), (11, 2, 0, 2, 0), (15, 2, 4, 2, 4),
    ])
    func convertsBothWays(offset: Int32, line16: Int, character16: Int, line8: Int, character8: Int) {
        #expect(file.position(of: offset, encoding: .utf16) == LSPPosition(line: line16, character: character16))
        #expect(file.position(of: offset, encoding: .utf8) == LSPPosition(line: line8, character: character8))
        #expect(file.offset(of: LSPPosition(line: line16, character: character16), encoding: .utf16) == offset)
        #expect(file.offset(of: LSPPosition(line: line8, character: character8), encoding: .utf8) == offset)
    }

    @Test func clampsPositionsOutsideTheText() {
        // Inside the emoji's surrogate pair: its start. Past a line's end: before its \r\n.
        #expect(file.offset(of: LSPPosition(line: 0, character: 2), encoding: .utf16) == 1)
        #expect(file.offset(of: LSPPosition(line: 0, character: 99), encoding: .utf16) == 6)
        #expect(file.offset(of: LSPPosition(line: 99, character: 0), encoding: .utf16) == 15)
        #expect(file.offset(of: LSPPosition(line: -1, character: 0), encoding: .utf16) == 0)
    }

    @Test(arguments: [
        ("file:///tmp/a%20b/c.tips", "/tmp/a b/c.tips"),
        ("file://localhost/x.tips", "/x.tips"),
        ("file:///%C3%A9.tips", "/é.tips"),
    ])
    func filePathsFromURIs(uri: String, path: String) {
        #expect(DocumentURI.path(of: uri) == path)
        #expect(DocumentURI.path(of: DocumentURI.uri(forPath: path)) == path)
    }

    @Test func otherSchemesHaveNoPath() {
        #expect(DocumentURI.path(of: "untitled:Untitled-1") == nil)
        #expect(DocumentURI.path(of: "file://otherhost/x") == nil)
    }
}
