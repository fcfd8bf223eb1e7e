import Foundation
import Testing
@testable import TipsLanguageServer

/// Persistence keys and asset images in the editor: hover shows what users' journals store
/// a declaration under, and renaming a keyed declaration needs no `renamedFrom`.
@Suite struct KeyTests {
    static let keyed = """
        param signedIn: Bool = false key "com.quill.loggedIn"
        event saved key "com.quill.noteSaved"
        tip KeyedTip {
            title "K"
            image asset "Onboarding/Hero"
            rule signedIn && count(saved) > 0
        }

        """

    func withServer(_ body: (inout Harness, String) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/keyed.tips")
        try Self.keyed.write(toFile: fixture.root + "/app/keyed.tips", atomically: true, encoding: .utf8)
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model))
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        h.notify(Message.didOpen(uri, Self.keyed))
        try body(&h, uri)
    }

    @Test func hoverShowsTheKeyAndTheImageKind() throws {
        try withServer { h, uri in
            func hover(_ line: Int, _ character: Int) -> String {
                h.result("textDocument/hover", Message.position(uri, line, character))?["contents"]?["value"]?.string ?? ""
            }
            #expect(hover(0, 8).contains("under the key `com.quill.loggedIn`"))
            #expect(hover(1, 7).contains("under the key `com.quill.noteSaved`"))
            // At a use in a rule, too.
            #expect(hover(5, 10).contains("under the key `com.quill.loggedIn`"))
            #expect(hover(2, 6).contains("**Image:** asset-catalog image \"Onboarding/Hero\""))
            #expect(hover(0, 31).contains("journals store"))
            #expect(hover(4, 11).contains("asset catalog"))
        }
    }

    @Test func renamingAKeyedDeclarationAddsNoRenamedFrom() throws {
        try withServer { h, uri in
            let result = h.result("textDocument/rename", .object([
                "textDocument": .object(["uri": .string(uri)]),
                "position": .object(["line": 1, "character": 7]),
                "newName": "noteStored"]))
            let edits = result?["changes"]?[uri]?.array ?? []
            #expect(edits.count == 2)
            #expect(edits.allSatisfy { $0["newText"]?.string == "noteStored" })
        }
    }

    @Test func completionOffersKeyAfterADeclarationsHead() throws {
        try withServer { h, _ in
            let uri = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-keys.tips")
            h.notify(Message.didOpen(uri, "param p: Bool = false \nevent e \nevent f key \n"))
            func labels(_ line: Int, _ character: Int) -> Set<String> {
                Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                    .compactMap { $0["label"]?.string } ?? [])
            }
            #expect(labels(0, 22).isSuperset(of: ["key", "renamedFrom"]))
            #expect(labels(1, 8).isSuperset(of: ["key", "limit", "maxAge", "renamedFrom"]))
            #expect(labels(2, 12).isDisjoint(with: ["key", "limit", "renamedFrom"]))
        }
    }
}
