import Foundation
import Testing
@testable import TipsLanguageServer

/// `when` conditions on messages and actions in the editor: completion offers `platform`
/// and the platforms, and hover explains `when` and `platform`.
@Suite struct ConditionTests {
    @Test func completionAndHover() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model))
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        let uri = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-conditions.tips")
        h.notify(Message.didOpen(uri, """
            event e
            tip C {
                title "C"
                message "m" when platform == 
                action "a" when 
                invalidate when 
            }

            """))
        func labels(_ line: Int, _ character: Int) -> Set<String> {
            Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                .compactMap { $0["label"]?.string } ?? [])
        }
        func hover(_ line: Int, _ character: Int) -> String {
            h.result("textDocument/hover", Message.position(uri, line, character))?["contents"]?["value"]?.string ?? ""
        }
        #expect(labels(3, 33) == ["iOS", "iPadOS", "macOS", "tvOS", "visionOS", "watchOS"])
        #expect(labels(4, 20).isSuperset(of: ["platform", "count", "true"]))
        #expect(!labels(5, 20).contains("platform"))
        #expect(labels(5, 20).contains("e"))
        #expect(hover(3, 18).contains("shown only while"))
        #expect(hover(3, 23).contains("the platform the app runs on"))

        // Renaming a parameter renames its reads in conditions too.
        let draft = DocumentURI.uri(forPath: NSTemporaryDirectory() + "draft-rename-conditions.tips")
        h.notify(Message.didOpen(draft, "param pro: Bool = false\ntip D {\n    title \"D\"\n    message \"m\" when pro\n    action \"a\" when !pro { title \"A\" }\n}\n"))
        let result = h.result("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(draft)]),
            "position": .object(["line": 0, "character": 7]),
            "newName": "isPro"]))
        let edits = result?["changes"]?[draft]?.array ?? []
        // The declaration and both reads (a fourth edit adds `renamedFrom pro`).
        #expect(edits.filter { $0["newText"]?.string == "isPro" }.count == 3, "\(edits)")
    }
}
