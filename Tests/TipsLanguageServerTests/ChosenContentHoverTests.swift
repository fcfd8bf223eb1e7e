import Foundation
import Testing
@testable import TipsLanguageServer

/// A tip that chooses its message and image in the editor: hover on the tip lists every
/// alternative with its condition, and a parameter read only by an image's condition is
/// found there (references).
@Suite struct ChosenContentHoverTests {
    static let chosen = """
        param isPro: Bool = false
        tip SyncTip {
            title "Sync"
            message "Press ⌘S." when platform == macOS
            message "Pull down."
            image asset "Hero" when isPro
            image "iphone"
        }

        """

    @Test func hoverListsTheAlternatives() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/chosen.tips")
        try Self.chosen.write(toFile: fixture.root + "/app/chosen.tips", atomically: true, encoding: .utf8)
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model))
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        h.notify(Message.didOpen(uri, Self.chosen))
        let hover = h.result("textDocument/hover", Message.position(uri, 1, 6))?["contents"]?["value"]?.string ?? ""
        #expect(hover.contains("**Message:** \"Press ⌘S.\" when platform == macOS"), "\(hover)")
        #expect(hover.contains("**Message:** \"Pull down.\""), "\(hover)")
        #expect(hover.contains("**Image:** asset-catalog image \"Hero\" when isPro"), "\(hover)")
        #expect(hover.contains("**Image:** SF Symbol \"iphone\""), "\(hover)")
        let references = h.result("textDocument/references", .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": 0, "character": 8]),
            "context": .object(["includeDeclaration": .bool(false)]),
        ]))
        let lines = references?.array?.compactMap { $0["range"]?["start"]?["line"]?.int } ?? []
        #expect(lines.contains(5), "\(String(describing: references))")
    }
}
