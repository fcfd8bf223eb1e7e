import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// Renaming a persisted name declares the rename (`renamedFrom OLD`) so users keep their
/// state; the edited catalog must check cleanly, and old names are described, not unknown.
@Suite struct RenameTests {
    /// A third file of the fixture's catalog whose declarations are already renamed once.
    static let renamed = """
        param seen: Bool = false renamedFrom hasSeen
        event opened renamedFrom launched
        enum Tier { basic, gold renamedFrom premium }
        tip NewTip renamedFrom OldTip {
            title "N"
            rule seen && count(opened) > 0
        }

        """

    func withServer(capabilities: JSON = .object([]), _ body: (inout Harness, Fixture, String) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture, capabilities: capabilities)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/renamed.tips")
        try RenameTests.renamed.write(toFile: fixture.root + "/app/renamed.tips", atomically: true, encoding: .utf8)
        h.notify(Message.didOpen(fixture.modelURI, Fixture.model))
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        h.notify(Message.didOpen(uri, RenameTests.renamed))
        try body(&h, fixture, uri)
    }

    func rename(_ h: inout Harness, _ uri: String, _ line: Int, _ character: Int, to name: String) -> JSON? {
        h.request("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": .int(line), "character": .int(character)]),
            "newName": .string(name)]))
    }

    /// `text` with LSP edits applied (positions in UTF-16 code units, applied back to front).
    func apply(_ edits: [JSON], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func position(_ p: JSON?) -> (Int, Int) { (p?["line"]?.int ?? 0, p?["character"]?.int ?? 0) }
        let sorted = edits.sorted { a, b in
            let (la, ca) = position(a["range"]?["start"]), (lb, cb) = position(b["range"]?["start"])
            return (la, ca) > (lb, cb)
        }
        for edit in sorted {
            let (l1, c1) = position(edit["range"]?["start"]), (l2, c2) = position(edit["range"]?["end"])
            let new = Array((edit["newText"]?.string ?? "").utf16)
            let merged = Array(lines[l1][..<c1]) + new + Array(lines[l2][c2...])
            let replacement = String(decoding: merged, as: UTF16.self).components(separatedBy: "\n").map { Array($0.utf16) }
            lines.replaceSubrange(l1...l2, with: replacement)
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    /// Applies a rename's `changes` to the open documents and returns their new texts.
    func applyEverywhere(_ h: inout Harness, _ result: JSON?, _ texts: [String: String]) -> [String: String] {
        var out = texts
        for (uri, edits) in result?["changes"]?.members ?? [] {
            out[uri] = apply(edits.array ?? [], to: texts[uri] ?? "")
            h.notify(Message.didChange(uri, version: 2, range: nil, text: out[uri]!))
        }
        return out
    }

    @Test(arguments: [
        // (line, character in model.tips, new name, the model line after, the tips line that uses it after)
        (7, 8, "noteSaved", "event noteSaved(kind: Plan, words: Int) renamedFrom manualSave",
         "    rule count(noteSaved where kind == .pro within 7d) >= 3"),
        (2, 7, "tier", "param tier: Plan = .free renamedFrom plan", "    rule tier == .pro"),
        (0, 19, "premium", "enum Plan { free, premium renamedFrom pro }", "    rule plan == .premium"),
    ])
    func persistedNamesDeclareTheirRename(line: Int, character: Int, newName: String, declaration: String, use: String) throws {
        try withServer { h, f, uri in
            let result = rename(&h, f.modelURI, line, character, to: newName)
            #expect(result?["error"] == nil)
            let texts = applyEverywhere(&h, result?["result"], [f.modelURI: Fixture.model, f.tipsURI: Fixture.tips])
            #expect(texts[f.modelURI]?.components(separatedBy: "\n").contains(declaration) == true, "\(texts[f.modelURI] ?? "")")
            #expect(texts[f.tipsURI]?.components(separatedBy: "\n").contains(use) == true, "\(texts[f.tipsURI] ?? "")")
            // The renamed catalog checks cleanly: the old name is free, as E422 wants.
            #expect(h.codes(f.modelURI).isEmpty)
            #expect(h.codes(f.tipsURI).isEmpty)
            #expect(h.codes(uri).isEmpty)
        }
    }

    @Test func aTipWithoutIdDeclaresItsRename() throws {
        try withServer { h, f, _ in
            let result = rename(&h, f.tipsURI, 1, 6, to: "SaveTip")
            let texts = applyEverywhere(&h, result?["result"], [f.tipsURI: Fixture.tips])
            let lines = texts[f.tipsURI]?.components(separatedBy: "\n") ?? []
            #expect(lines.contains("tip SaveTip renamedFrom ShortcutTip {"))
            #expect(lines.contains("group Saving { SaveTip, OtherTip }"))
            #expect(!lines.contains { $0.contains("id \"ShortcutTip\"") })
            #expect(h.codes(f.tipsURI).isEmpty)
        }
    }

    @Test func aTipRenamedBeforeKeepsItsClauseAndPinsItsId() throws {
        try withServer { h, _, uri in
            let result = rename(&h, uri, 3, 6, to: "NewerTip")
            let texts = applyEverywhere(&h, result?["result"], [uri: RenameTests.renamed])
            let lines = texts[uri]?.components(separatedBy: "\n") ?? []
            #expect(lines.contains("tip NewerTip renamedFrom OldTip {"), "\(texts[uri] ?? "")")
            #expect(lines.contains("    id \"NewTip\""))
            #expect(h.codes(uri).isEmpty)
        }
    }

    @Test(arguments: [(0, 7, "seenIt", "hasSeen"), (1, 7, "launchedApp", "launched"), (2, 21, "platinum", "premium")])
    func aSecondRenameIsRefused(line: Int, character: Int, newName: String, previous: String) throws {
        try withServer(capabilities: .object(["workspace": .object(["workspaceEdit": .object([
            "changeAnnotationSupport": .object(["groupsOnLabel": true])])])])) { h, _, uri in
            let message = rename(&h, uri, line, character, to: newName)?["error"]?["message"]?.string ?? ""
            #expect(message.contains("already renamed from '\(previous)'"), "\(message)")
            #expect(message.contains("does not chain"))
        }
    }

    @Test func anOldNameCannotBeTakenAgain() throws {
        try withServer { h, f, _ in
            let message = rename(&h, f.modelURI, 3, 8, to: "hasSeen")?["error"]?["message"]?.string ?? ""
            #expect(message.contains("old name of parameter 'seen'"), "\(message)")
        }
    }

    @Test func payloadFieldsStillNeedConfirmation() throws {
        try withServer { h, f, _ in
            let refused = rename(&h, f.tipsURI, 5, 33, to: "sort")?["error"]?["message"]?.string ?? ""
            #expect(refused.hasPrefix("not renamed:") && refused.contains("payload field"), "\(refused)")
        }
        try withServer(capabilities: .object(["workspace": .object(["workspaceEdit": .object([
            "changeAnnotationSupport": .object(["groupsOnLabel": true])])])])) { h, f, _ in
            let edit = rename(&h, f.tipsURI, 5, 33, to: "sort")?["result"]
            #expect(edit?["changeAnnotations"]?["persisted-name"]?["needsConfirmation"]?.bool == true)
            #expect(edit?["documentChanges"]?.array?.count == 2)
        }
    }

    @Test func oldNamesAreDescribedAndHighlightedNotResolved() throws {
        try withServer { h, _, uri in
            let hover = h.result("textDocument/hover", Message.position(uri, 0, 40))?["contents"]?["value"]?.string ?? ""
            #expect(hover.contains("`hasSeen`") && hover.contains("parameter `seen`"), "\(hover)")
            let keyword = h.result("textDocument/hover", Message.position(uri, 0, 28))?["contents"]?["value"]?.string ?? ""
            #expect(keyword.contains("renamedFrom"), "\(keyword)")
            // Not a name of the catalog: no definition, no rename.
            #expect(h.result("textDocument/definition", Message.position(uri, 0, 40))?.array?.isEmpty ?? true)
            #expect(h.result("textDocument/prepareRename", Message.position(uri, 0, 40)) == .null)
            // Semantic tokens: `renamedFrom` is a keyword, the old name is classified like the new one.
            let data = h.result("textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(uri)])]))?["data"]?.array?.compactMap(\.int) ?? []
            var line = 0, character = 0
            var spans: [[Int]: Int] = [:]
            for i in stride(from: 0, to: data.count, by: 5) {
                line += data[i]
                character = data[i] == 0 ? character + data[i + 1] : data[i + 1]
                spans[[line, character]] = data[i + 3]
            }
            #expect(spans[[0, 25]] == LanguageServer.tokenTypes.firstIndex(of: "keyword"))
            #expect(spans[[0, 37]] == LanguageServer.tokenTypes.firstIndex(of: "variable"))
            #expect(spans[[1, 25]] == LanguageServer.tokenTypes.firstIndex(of: "event"))
        }
    }

    @Test func completionOffersRenamedFromAndConstants() throws {
        try withServer { h, f, _ in
            let uri = DocumentURI.uri(forPath: f.root + "/app/draft.tips")
            h.notify(Message.didOpen(uri, """
                let cap = 5
                tip T {
                    rule count(tapped) >= \("")
                }
                param level: Int = \("")
                event tapped \("")
                enum Mood { happy \("")

                """))
            func labels(_ line: Int, _ character: Int) -> Set<String> {
                Set(h.result("textDocument/completion", Message.position(uri, line, character))?["items"]?.array?
                    .compactMap { $0["label"]?.string } ?? [])
            }
            #expect(labels(2, 26).contains("cap"))
            #expect(labels(4, 19).contains("cap"))
            #expect(labels(4, 19).isDisjoint(with: ["renamedFrom", "hasSeenList"]))
            #expect(labels(5, 13).isSuperset(of: ["limit", "maxAge", "renamedFrom"]))
            #expect(labels(6, 18) == ["renamedFrom"])
        }
    }
}
