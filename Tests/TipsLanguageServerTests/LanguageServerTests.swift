import Foundation
import Testing
@testable import TipsLanguageServer
import TipsText

/// The server in-process, over the fixture catalog: each feature answers what an editor needs.
@Suite struct LanguageServerTests {
    func withServer(capabilities: JSON = .object([]), _ body: (inout Harness, Fixture) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture, capabilities: capabilities)
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        try body(&h, fixture)
    }

    func range(_ json: JSON?) -> [Int] {
        guard let json else { return [] }
        return [json["start"]?["line"]?.int ?? -1, json["start"]?["character"]?.int ?? -1,
                json["end"]?["line"]?.int ?? -1, json["end"]?["character"]?.int ?? -1]
    }

    @Test func initializeAnnouncesCapabilitiesAndEncoding() {
        var h = Harness()
        let plain = h.result("initialize", Message.initialize(rootURI: "file:///nowhere"))
        #expect(plain?["capabilities"]?["positionEncoding"]?.string == "utf-16")
        #expect(plain?["capabilities"]?["renameProvider"]?["prepareProvider"]?.bool == true)
        #expect(plain?["serverInfo"]?["name"]?.string == "tipc lsp")
        var u = Harness()
        let utf8 = u.result("initialize", Message.initialize(rootURI: "file:///nowhere", capabilities: .object([
            "general": .object(["positionEncodings": ["utf-8", "utf-16"]])])))
        #expect(utf8?["capabilities"]?["positionEncoding"]?.string == "utf-8")
    }

    @Test func cleanCatalogPublishesNothingAndAnEditPublishesForTheAffectedFile() throws {
        try withServer { h, f in
            #expect(h.codes(f.tipsURI).isEmpty)
            // Renaming the parameter in model.tips breaks tips.tips, which is not the edited file.
            h.notify(Message.didOpen(f.modelURI, Fixture.model))
            h.notify(Message.didChange(f.modelURI, version: 2, range: Message.range(3, 6, 3, 17), text: "hasSeen"))
            #expect(h.codes(f.tipsURI) == ["E202", "E202"])  // ShortcutTip and NewItemTip read it
            // The now unread `hasSeen` is not linted while a name fails to resolve (one mistake, one diagnostic).
            #expect(h.codes(f.modelURI).isEmpty)
            let e202 = h.diagnostics(f.tipsURI)?.first  // the one after the emoji, line 4
            #expect(range(e202?["range"]) == [3, 32, 3, 43])  // UTF-16: the emoji before it counts 2
            #expect(e202?["source"]?.string == "tipc")
            // Undoing the edit clears both files.
            h.notify(Message.didChange(f.modelURI, version: 3, range: Message.range(3, 6, 3, 13), text: "hasSeenList"))
            #expect(h.codes(f.tipsURI).isEmpty)
            #expect(h.codes(f.modelURI).isEmpty)
        }
    }

    @Test func diagnosticsCarryRelatedNotes() throws {
        try withServer { h, f in
            // A second declaration of `plan` points at the first one in another file.
            h.notify(Message.didChange(f.tipsURI, version: 2, range: Message.range(7, 0, 7, 0), text: "param plan: Int = 0\n"))
            let duplicate = h.diagnostics(f.tipsURI)?.first { $0["code"]?.string == "E200" }
            let related = duplicate?["relatedInformation"]?.array?.first
            #expect(related?["location"]?["uri"]?.string == f.modelURI)
            #expect(range(related?["location"]?["range"]) == [2, 6, 2, 10])
        }
    }

    @Test func unsavedAndNewFilesJoinTheirCatalog() throws {
        try withServer { h, f in
            // An unsaved file in the catalog's folder sees the catalog's names...
            let newURI = DocumentURI.uri(forPath: f.root + "/app/new.tips")
            h.notify(Message.didOpen(newURI, "tip NewTip {\n    title \"n\"\n    rule hasSeenList\n}\n\nparam plan: Int = 0\n"))
            // ...and clashes with them: the second `plan` is a duplicate.
            #expect(h.codes(newURI) == ["E200"])
            // A file written by another program counts once the editor says files changed.
            try "param launchCount: Int = 0\n".write(toFile: f.root + "/app/more.tips", atomically: true, encoding: .utf8)
            h.notify(Message.didChange(f.tipsURI, version: 2, range: Message.range(4, 9, 4, 13), text: "launchCount > 1 && plan"))
            #expect(h.codes(f.tipsURI) == ["E202"])
            h.notify(Message.notification("workspace/didChangeWatchedFiles", .object(["changes": .array([.object([
                "uri": .string(DocumentURI.uri(forPath: f.root + "/app/more.tips")), "type": 1])])])))
            #expect(h.codes(f.tipsURI).isEmpty)
        }
    }

    @Test func fileOutsideAnyCatalogGetsSyntaxDiagnosticsOnly() throws {
        try withServer { h, f in
            // An unknown type (checker) and an unclosed block (syntax): only the syntax error shows.
            h.notify(Message.didOpen(f.loneURI, "param x: Nope = 1\ntip Broken {\n    title \"x\"\n"))
            let codes = h.codes(f.loneURI)
            #expect(!codes.isEmpty)
            #expect(codes.allSatisfy { $0.hasPrefix("E1") })
            h.notify(Message.notification("textDocument/didClose", .object(["textDocument": .object(["uri": .string(f.loneURI)])])))
            #expect(h.diagnostics(f.loneURI) == [])
        }
    }

    @Test func definitionCrossesFiles() throws {
        try withServer { h, f in
            let cases: [(line: Int, character: Int, expected: [Int])] = [
                (3, 33, [3, 6, 3, 17]),   // hasSeenList, after the emoji
                (4, 10, [2, 6, 2, 10]),   // plan
                (4, 19, [0, 18, 0, 21]),  // .pro, from `plan == .pro`
                (5, 17, [7, 6, 7, 16]),   // manualSave in a query
                (5, 33, [7, 17, 7, 21]),  // kind, a payload field in `where`
            ]
            for c in cases {
                let locations = h.result("textDocument/definition", Message.position(f.tipsURI, c.line, c.character))?.array
                #expect(locations?.first?["uri"]?.string == f.modelURI, "line \(c.line)")
                #expect(range(locations?.first?["range"]) == c.expected, "line \(c.line)")
            }
            // The group's member goes to the tip in the same file.
            let tip = h.result("textDocument/definition", Message.position(f.tipsURI, 8, 30))?.array?.first
            #expect(range(tip?["range"]) == [10, 4, 10, 12])
            #expect(h.result("textDocument/definition", Message.position(f.tipsURI, 0, 3)) == .null)
            // A reusable tip's argument, from its interpolation in the id.
            let argument = h.result("textDocument/definition", Message.position(f.tipsURI, 17, 23))?.array?.first
            #expect(range(argument?["range"]) == [16, 15, 16, 21])
        }
    }

    @Test func referencesFindEveryUse() throws {
        try withServer { h, f in
            let pro = h.result("textDocument/references", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "position": .object(["line": 4, "character": 19]),
                "context": .object(["includeDeclaration": true])]))?.array ?? []
            // Declared in model.tips; used in `plan == .pro` and `kind == .pro` (via the field's type).
            #expect(pro.count == 3)
            #expect(pro.map { range($0["range"]) }.contains([5, 41, 5, 44]))
            let save = h.result("textDocument/references", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "position": .object(["line": 5, "character": 17]),
                "context": .object(["includeDeclaration": false])]))?.array ?? []
            #expect(save.count == 1)
        }
    }

    @Test func hoverExplainsNamesKeywordsDurationsAndRules() throws {
        try withServer { h, f in
            func hover(_ line: Int, _ character: Int) -> String {
                h.result("textDocument/hover", Message.position(f.tipsURI, line, character))?["contents"]?["value"]?.string ?? ""
            }
            #expect(hover(3, 35).contains("param hasSeenList: Bool = false"))
            #expect(hover(3, 35).contains("journals"))
            #expect(hover(5, 53).contains("7 days"))
            h.notify(Message.didChange(f.tipsURI, version: 2, range: Message.range(5, 52, 5, 54), text: "1h30m"))
            #expect(hover(5, 53).contains("1 hour 30 minutes"))
            #expect(hover(5, 10).contains("count(event"))
            #expect(hover(3, 6).contains("reads parameters `displayName`, `hasSeenList`"))
            #expect(hover(5, 6).contains("events `manualSave`"))
            #expect(hover(1, 6).contains("**Id:** `ShortcutTip`"))
            #expect(hover(13, 11).contains("Transient parameter"))
            #expect(h.result("textDocument/hover", Message.position(f.tipsURI, 7, 0)) == .null)
        }
    }

    @Test func completionOffersWhatFitsTheCursor() throws {
        try withServer { h, f in
            func labels(after text: String, at line: Int) -> [String] {
                // Type `text` at the start of an empty line inserted at `line`, then complete at its end.
                h.notify(Message.didChange(f.tipsURI, version: 10, range: nil, text: Fixture.tips))
                h.notify(Message.didChange(f.tipsURI, version: 11, range: Message.range(line, 0, line, 0), text: text + "\n"))
                let character = text.utf16.count
                let result = h.result("textDocument/completion", Message.position(f.tipsURI, line, character))
                return result?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
            }
            #expect(labels(after: "    rule count(", at: 6) == ["manualSave"])
            // After `where`, `&&` and `||` a condition starts: only the event's fields.
            #expect(labels(after: "    rule count(manualSave where ", at: 6) == ["kind", "words"])
            #expect(labels(after: "    rule count(manualSave where words > 1 && ", at: 6) == ["kind", "words"])
            #expect(labels(after: "    rule count(manualSave where words > 1 || ", at: 6) == ["kind", "words"])
            #expect(labels(after: "    rule count(manualSave where words > ", at: 6).contains("words"))
            #expect(labels(after: "    rule plan == .", at: 6) == ["free", "pro"])
            #expect(labels(after: "    rule displayName.", at: 6).contains("hasPrefix"))
            #expect(labels(after: "    rule count(manualSave within 7", at: 6).contains("7d"))
            #expect(labels(after: "    ", at: 6).contains("maxDisplayCount"))
            #expect(labels(after: "    rule ", at: 6).contains("hasSeenList"))
            // Of the type the other side of a comparison or a `set` has.
            #expect(labels(after: "    rule plan == ", at: 6) == [".free", ".pro", "plan"])
            #expect(labels(after: "    rule hasSeenList != ", at: 6) == ["hasSeenList", "isComposing", "true", "false"])
            #expect(labels(after: "    rule count(manualSave where kind == ", at: 6).starts(with: [".free", ".pro", "kind"]))
            #expect(labels(after: "", at: 7).contains("event"))
            #expect(labels(after: "param p: ", at: 7).contains("Plan"))
            #expect(labels(after: "// comment ", at: 7).isEmpty)
        }
    }

    @Test func symbolsOutlineAndWorkspace() throws {
        try withServer { h, f in
            let outline = h.result("textDocument/documentSymbol", .object(["textDocument": .object(["uri": .string(f.tipsURI)])]))?.array ?? []
            #expect(outline.compactMap { $0["name"]?.string } == ["ShortcutTip", "Saving", "OtherTip", "NewItemTip"])
            #expect(outline.first?["detail"]?.string == "Save Faster 🚀")
            let all = h.result("workspace/symbol", .object(["query": "msave"]))?.array ?? []
            #expect(all.compactMap { $0["name"]?.string } == ["manualSave"])
            #expect(all.first?["location"]?["uri"]?.string == f.modelURI)
        }
    }

    @Test func formattingMatchesTipcFmtAndLeavesBrokenFilesAlone() throws {
        try withServer { h, f in
            let messy = "param   a:Int=1\nevent e\ntip T{title \"t\"\nrule a>count(e)}\n"
            h.notify(Message.didChange(f.tipsURI, version: 2, range: nil, text: messy))
            let edits = h.result("textDocument/formatting", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "options": .object(["tabSize": 4, "insertSpaces": true])]))?.array
            #expect(edits?.count == 1)
            #expect(edits?.first?["newText"]?.string == "param a: Int = 1\nevent e\n\ntip T {\n    title \"t\"\n    rule a > count(e)\n}\n")
            h.notify(Message.didChange(f.tipsURI, version: 3, range: nil, text: "tip {"))
            #expect(h.result("textDocument/formatting", .object(["textDocument": .object(["uri": .string(f.tipsURI)])])) == .null)
        }
    }

    @Test func codeActionsComeFromFixIts() throws {
        try withServer { h, f in
            h.notify(Message.didChange(f.tipsURI, version: 2, range: Message.range(4, 9, 4, 13), text: "plam"))
            #expect(h.codes(f.tipsURI) == ["E202"])
            let actions = h.result("textDocument/codeAction", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "range": Message.range(4, 10, 4, 10),
                "context": .object(["diagnostics": .array(h.diagnostics(f.tipsURI) ?? [])])]))?.array ?? []
            let fix = actions.first
            #expect(fix?["kind"]?.string == "quickfix")
            let edit = fix?["edit"]?["changes"]?[f.tipsURI]?.array?.first
            #expect(edit?["newText"]?.string == "plan")
            #expect(range(edit?["range"]) == [4, 9, 4, 13])
        }
    }

    @Test func renameKeepsTipIdsAndProtectsPersistedNames() throws {
        try withServer { h, f in
            func rename(_ line: Int, _ character: Int, to name: String) -> JSON? {
                h.request("textDocument/rename", .object([
                    "textDocument": .object(["uri": .string(f.tipsURI)]),
                    "position": .object(["line": .int(line), "character": .int(character)]),
                    "newName": .string(name)]))
            }
            // A tip without an id: renamed everywhere, and `renamedFrom ShortcutTip` keeps its state.
            let tip = rename(1, 6, to: "SaveTip")?["result"]?["changes"]?[f.tipsURI]?.array ?? []
            #expect(tip.compactMap { $0["newText"]?.string }.sorted() == ["SaveTip", "SaveTip renamedFrom ShortcutTip"])
            // A tip with an id: a plain rename.
            let other = rename(10, 6, to: "Another")?["result"]?["changes"]?[f.tipsURI]?.array ?? []
            #expect(other.count == 2)
            // A transient parameter is not persisted: renamed in both files.
            let transient = rename(13, 11, to: "composing")?["result"]?["changes"]?.members
            #expect(transient?.count == 2)
            // An event is renamed and declares `renamedFrom manualSave` in its file.
            let event = rename(5, 17, to: "save")?["result"]?["changes"]
            #expect(event?[f.modelURI]?.array?.compactMap { $0["newText"]?.string }.sorted() == [" renamedFrom manualSave", "save"])
            // A payload field has no rename clause: refused with the reason, since this client cannot confirm.
            let refused = rename(5, 33, to: "sort")?["error"]
            #expect(refused?["code"]?.int == RPCError.requestFailedCode)
            #expect(refused?["message"]?.string?.contains("journals") == true)
            // Names that cannot be: not an identifier, reserved, or taken.
            #expect(rename(4, 10, to: "2x")?["error"] != nil)
            #expect(rename(4, 10, to: "tip")?["error"] != nil)
            #expect(rename(13, 11, to: "plan")?["error"]?["message"]?.string?.contains("already declared") == true)
            #expect(h.result("textDocument/prepareRename", Message.position(f.tipsURI, 4, 10))?["placeholder"]?.string == "plan")
        }
    }

    @Test func renameOfAPersistedNameNeedsConfirmationWhereTheClientCanAsk() throws {
        let capabilities: JSON = .object(["workspace": .object(["workspaceEdit": .object([
            "changeAnnotationSupport": .object(["groupsOnLabel": true])])])])
        try withServer(capabilities: capabilities) { h, f in
            let edit = h.result("textDocument/rename", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "position": .object(["line": 5, "character": 33]), "newName": "sort"]))
            #expect(edit?["changeAnnotations"]?["persisted-name"]?["needsConfirmation"]?.bool == true)
            #expect(edit?["documentChanges"]?.array?.count == 2)
        }
    }

    @Test func semanticTokensClassifyNames() throws {
        try withServer { h, f in
            let data = h.result("textDocument/semanticTokens/full", .object(["textDocument": .object(["uri": .string(f.tipsURI)])]))?["data"]?.array?.compactMap(\.int) ?? []
            #expect(!data.isEmpty && data.count % 5 == 0)
            // Decode and find `manualSave` (line 5, UTF-16 column 15, length 10) as an event.
            var line = 0, character = 0
            var found: [[Int]] = []
            for i in stride(from: 0, to: data.count, by: 5) {
                line += data[i]
                character = data[i] == 0 ? character + data[i + 1] : data[i + 1]
                found.append([line, character, data[i + 2], data[i + 3]])
            }
            #expect(found.contains([5, 15, 10, LanguageServer.tokenTypes.firstIndex(of: "event")!]))
            #expect(found.contains([0, 0, 21, LanguageServer.tokenTypes.firstIndex(of: "comment")!]))
        }
    }
}
