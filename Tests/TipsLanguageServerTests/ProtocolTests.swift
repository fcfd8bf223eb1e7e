import Testing
@testable import TipsLanguageServer

/// JSON-RPC and lifecycle rules: malformed input gets an error response, never a crash.
@Suite struct ProtocolTests {
    @Test(arguments: [
        ("{not json", RPCError.parseErrorCode),
        ("[1, 2]", RPCError.invalidRequestCode),
        ("{\"jsonrpc\": \"1.0\", \"id\": 1, \"method\": \"shutdown\"}", RPCError.invalidRequestCode),
        ("{\"jsonrpc\": \"2.0\", \"id\": {}, \"method\": \"shutdown\"}", RPCError.invalidRequestCode),
        ("{\"jsonrpc\": \"2.0\", \"id\": 1}", RPCError.invalidRequestCode),
        ("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"textDocument/unknown\"}", RPCError.methodNotFoundCode),
        ("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"textDocument/hover\", \"params\": {}}", RPCError.invalidParamsCode),
        ("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"textDocument/hover\", \"params\": {\"textDocument\": {\"uri\": 3}, \"position\": {\"line\": 0, \"character\": 0}}}", RPCError.invalidParamsCode),
    ])
    func malformedMessagesGetErrors(body: String, code: Int) {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        let out = h.send(raw: Array(body.utf8))
        #expect(out.count == 1)
        #expect(out.first?["error"]?["code"]?.int == code)
        // And the server still answers afterwards.
        #expect(h.request("shutdown", .null)?["result"] == .null)
    }

    @Test func requestsBeforeInitializeAreRefusedAndNotificationsIgnored() {
        var h = Harness()
        #expect(h.request("textDocument/hover", .object([]))?["error"]?["code"]?.int == RPCError.serverNotInitializedCode)
        #expect(h.send(Message.didOpen("file:///x.tips", "tip {")).isEmpty)
        #expect(h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))?["result"] != nil)
        #expect(h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))?["error"] != nil)
    }

    @Test func cancelAndUnknownNotificationsAreIgnored() {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        #expect(h.send(Message.notification("$/cancelRequest", .object(["id": 1]))).isEmpty)
        #expect(h.send(Message.notification("$/setTrace", .object(["value": "off"]))).isEmpty)
        #expect(h.send(Message.notification("workspace/didChangeConfiguration", .object([]))).isEmpty)
    }

    @Test func asksToWatchTipsFilesWhereTheClientAllows() {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere", capabilities: .object([
            "workspace": .object(["didChangeWatchedFiles": .object(["dynamicRegistration": true])])])))
        let out = h.send(Message.notification("initialized", .object([])))
        #expect(out.first?["method"]?.string == "client/registerCapability")
        // The client's answer is a response to our request: accepted silently.
        #expect(h.send(.object(["jsonrpc": "2.0", "id": "watch-tips-files", "result": .null])).isEmpty)
        var plain = Harness()
        _ = plain.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        #expect(plain.send(Message.notification("initialized", .object([]))).isEmpty)
    }

    @Test func shutdownThenExit() {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        #expect(h.request("shutdown", .null)?["result"] == .null)
        #expect(h.request("textDocument/hover", .object([]))?["error"]?["code"]?.int == RPCError.invalidRequestCode)
        _ = h.send(Message.notification("exit", .null))
        #expect(h.server.exitCode == 0)
        var early = Harness()
        _ = early.send(Message.notification("exit", .null))
        #expect(early.server.exitCode == 1)
    }

    @Test func editsOfUnopenedDocumentsAreReportedNotFatal() {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        let out = h.send(Message.didChange("file:///nowhere/x.tips", version: 2, range: nil, text: "x"))
        #expect(out.first?["method"]?.string == "window/logMessage")
    }
}
