import Foundation
import Testing
@testable import TipsLanguageServer

/// `tipc lsp` as a real process over pipes: a whole editing session as a JSON-RPC transcript.
@Suite(.serialized) struct ProcessTests {
    @Test func locatesTheBuiltTipc() {
        #expect(ServerProcess.tipcURL() != nil, "build tipc first: swift build")
    }

    @Test func editingSessionTranscript() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try ServerProcess()

        let initialized = try server.request("initialize", Message.initialize(rootURI: fixture.rootURI))
        #expect(initialized?["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.int == 2)
        try server.send(Message.notification("initialized", .object([])))

        // Open with a misspelled parameter: E202, at UTF-16 columns.
        let broken = Fixture.tips.replacingOccurrences(of: "rule plan == .pro", with: "rule plam == .pro")
        try server.send(Message.didOpen(fixture.tipsURI, broken))
        let first = server.diagnostics(for: fixture.tipsURI)
        #expect(first?.compactMap { $0["code"]?.string } == ["E202"])

        // Fix it with an incremental edit: the diagnostics are cleared.
        try server.send(Message.didChange(fixture.tipsURI, version: 2, range: Message.range(4, 9, 4, 13), text: "plan"))
        #expect(server.diagnostics(for: fixture.tipsURI) == [])

        let hover = try server.request("textDocument/hover", Message.position(fixture.tipsURI, 3, 35))
        #expect(hover?["result"]?["contents"]?["value"]?.string?.contains("param hasSeenList: Bool = false") == true)

        let definition = try server.request("textDocument/definition", Message.position(fixture.tipsURI, 5, 17))
        #expect(definition?["result"]?.array?.first?["uri"]?.string == fixture.modelURI)

        let references = try server.request("textDocument/references", .object([
            "textDocument": .object(["uri": .string(fixture.tipsURI)]),
            "position": .object(["line": 4, "character": 10]), "context": .object(["includeDeclaration": true])]))
        #expect(references?["result"]?.array?.count == 2)  // the declaration and the rule

        let completion = try server.request("textDocument/completion", Message.position(fixture.tipsURI, 5, 15))
        #expect(completion?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } == ["manualSave"])

        let rename = try server.request("textDocument/rename", .object([
            "textDocument": .object(["uri": .string(fixture.tipsURI)]),
            "position": .object(["line": 8, "character": 8]), "newName": "SavingTips"]))
        #expect(rename?["result"]?["changes"]?[fixture.tipsURI]?.array?.count == 1)

        let formatting = try server.request("textDocument/formatting", .object([
            "textDocument": .object(["uri": .string(fixture.tipsURI)]),
            "options": .object(["tabSize": 4, "insertSpaces": true])]))
        #expect(formatting?["result"] == .array([]))  // already canonical

        #expect(try server.request("shutdown", .null)?["result"] == .null)
        try server.send(Message.notification("exit", .null))
        #expect(server.exitStatus() == 0)
    }

    @Test func malformedInputGetsErrorsAndTheServerCarriesOn() throws {
        let server = try ServerProcess()
        try server.send(raw: Array("Content-Length: nope\r\n\r\n".utf8))
        #expect(server.next()?["error"]?["code"]?.int == RPCError.parseErrorCode)
        // ... and says so in the client's log (clients drop answers with a null id).
        #expect(server.next()?["method"]?.string == "window/logMessage")
        try server.send(raw: Array("Content-Length: 9\r\n\r\n{\"jsonrpc".utf8))
        #expect(server.next()?["error"]?["code"]?.int == RPCError.parseErrorCode)
        try server.send(raw: Array("Content-Length: 4\r\n\r\n[42]".utf8))
        #expect(server.next()?["error"]?["code"]?.int == RPCError.invalidRequestCode)
        // Still serving: a request before initialize is refused, then initialize works.
        #expect(try server.request("textDocument/hover", .object([]))?["error"]?["code"]?.int == RPCError.serverNotInitializedCode)
        #expect(try server.request("initialize", Message.initialize(rootURI: "file:///nowhere"))?["result"] != nil)
        // The editor going away without `shutdown` ends the server with status 1.
        try server.closeInput()
        #expect(server.exitStatus() == 1)
    }

    @Test func randomEditsThroughTheProcessKeepItResponsive() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try ServerProcess()
        _ = try server.request("initialize", Message.initialize(rootURI: fixture.rootURI))
        try server.send(Message.didOpen(fixture.tipsURI, Fixture.tips))
        var editor = RandomEditor(text: Fixture.tips, seed: 7)
        for step in 0..<60 {
            let (range, text) = editor.randomEdit()
            try server.send(Message.didChange(fixture.tipsURI, version: step + 2, range: range, text: text))
            let (line, character) = editor.randomPosition()
            let answer = try server.request(step % 2 == 0 ? "textDocument/hover" : "textDocument/completion",
                                            Message.position(fixture.tipsURI, line, character))
            #expect(answer != nil, "no answer after edit \(step)")
            if answer == nil { return }
        }
        #expect(try server.request("shutdown", .null)?["result"] == .null)
        try server.send(Message.notification("exit", .null))
        #expect(server.exitStatus() == 0)
    }
}
