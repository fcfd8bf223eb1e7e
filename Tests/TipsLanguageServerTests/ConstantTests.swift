import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// Named constants (`let NAME = value`) are names like any other: outline, definition,
/// references, hover and semantic tokens know them.
@Suite struct ConstantTests {
    static let text = """
        let threshold = 3
        let recent: Duration = 7d

        tip ConstTip {
            title "C"
            rule count(manualSave within recent) >= threshold
            maxDisplayCount threshold
        }

        """

    func withConstants(_ body: (inout Harness, String) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/constants.tips")
        h.notify(Message.didOpen(uri, ConstantTests.text))
        try body(&h, uri)
    }

    func start(_ json: JSON?) -> [Int] {
        [json?["range"]?["start"]?["line"]?.int ?? -1, json?["range"]?["start"]?["character"]?.int ?? -1]
    }

    @Test func definitionReferencesAndOutline() throws {
        try withConstants { h, uri in
            #expect(h.codes(uri).isEmpty)
            // `threshold` in the rule goes to its `let`.
            let definition = h.result("textDocument/definition", Message.position(uri, 5, 45))?.array?.first
            #expect(definition?["uri"]?.string == uri)
            #expect(start(definition) == [0, 4])
            // `recent` inside the window.
            let window = h.result("textDocument/definition", Message.position(uri, 5, 33))?.array?.first
            #expect(start(window) == [1, 4])
            // Declaration plus two uses.
            let uses = h.result("textDocument/references", .object([
                "textDocument": .object(["uri": .string(uri)]),
                "position": .object(["line": 0, "character": 5]),
                "context": .object(["includeDeclaration": true])]))?.array ?? []
            #expect(uses.map(start).sorted { $0.lexicographicallyPrecedes($1) } == [[0, 4], [5, 44], [6, 20]])
            let outline = h.result("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(uri)])]))?.array ?? []
            #expect(outline.compactMap { $0["name"]?.string } == ["threshold", "recent", "ConstTip"])
            #expect(outline.first?["kind"]?.int == 14)
            let hover = h.result("textDocument/hover", Message.position(uri, 6, 22))?["contents"]?["value"]?.string ?? ""
            #expect(hover.contains("let threshold = 3"))
            #expect(hover.contains("Named constant"))
        }
    }
}
