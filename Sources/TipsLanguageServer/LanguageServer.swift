import TipsSource
import TipsText

/// A Language Server Protocol 3.17 server for `.tips` catalogs, independent of any transport.
///
/// Feed it message bodies with ``receive(_:)`` (or whole frames with ``receive(frame:)``),
/// call ``flush()`` once the input received so far is handled (it checks stale catalogs
/// and publishes their diagnostics), and send what ``takeOutput()`` returns. Everything
/// runs on the caller's thread, one message at a time; `$/cancelRequest` has nothing to
/// cancel and is ignored.
public struct LanguageServer {
    enum State { case uninitialized, running, shuttingDown }

    var state = State.uninitialized
    var workspace = Workspace()
    var encoding = PositionEncoding.utf16
    /// Whether the client can show a confirmation for annotated edits (used by rename).
    var clientConfirmsAnnotatedEdits = false
    /// Whether the client lets the server ask it to watch files (`client/registerCapability`).
    var clientRegistersFileWatchers = false
    /// Diagnostics last published per URI, so unchanged ones are not sent again.
    var published: [String: JSON] = [:]
    /// The last run of each open scenario file.
    var scenarios = ScenarioDocuments()
    private var output: [JSON] = []

    /// Set once `exit` arrives: 0 after a `shutdown` request, 1 otherwise (LSP 3.17).
    public private(set) var exitCode: Int32?

    public init() {}

    /// The messages to send, in order; the list is emptied.
    public mutating func takeOutput() -> [JSON] {
        defer { output = [] }
        return output
    }

    mutating func send(_ message: JSON) { output.append(message) }

    mutating func notify(_ method: String, _ params: JSON) {
        send(.object(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    mutating func respond(_ id: JSON, result: JSON) {
        send(.object(["jsonrpc": "2.0", "id": id, "result": result]))
    }

    mutating func respond(_ id: JSON, error: RPCError) {
        send(.object(["jsonrpc": "2.0", "id": id, "error": error.json]))
    }

    /// Handles one frame from ``MessageFramer``.
    public mutating func receive(frame: MessageFramer.Frame) {
        switch frame {
        case .message(let body): receive(body)
        case .malformed(let reason):
            // No id can be known: answer with a null id (JSON-RPC 2.0), and say it in the
            // client's log too, since clients drop such answers. The framer resynchronises.
            respond(.null, error: RPCError(code: RPCError.parseErrorCode, message: "malformed message header: \(reason)"))
            notify("window/logMessage", .object(["type": 1, "message": .string(
                "tipc lsp: malformed message header (\(reason)); skipped to the next Content-Length header")]))
        }
    }

    /// Handles one message body (a JSON-RPC request, notification or response).
    public mutating func receive(_ body: [UInt8]) {
        handle(body)
        logProblems()
    }

    /// Tells the client's log what searching the disk could not search or read.
    mutating func logProblems() {
        for problem in workspace.takeProblems() {
            notify("window/logMessage", .object(["type": 2, "message": .string("tipc lsp: \(problem)")]))
        }
    }

    private mutating func handle(_ body: [UInt8]) {
        let message: JSON
        do {
            message = try JSON.parse(body)
        } catch {
            respond(.null, error: RPCError(code: RPCError.parseErrorCode, message: "invalid JSON: \(error)"))
            return
        }
        guard case .object = message else {
            respond(.null, error: RPCError(code: RPCError.invalidRequestCode,
                                           message: "a message must be a JSON object (batches are not part of LSP)"))
            return
        }
        let id = message["id"]
        if let id, !(id.string != nil || id.int != nil || id.isNull) {
            respond(.null, error: RPCError(code: RPCError.invalidRequestCode, message: "'id' must be a number or a string"))
            return
        }
        guard message["jsonrpc"]?.string == "2.0" else {
            if let id { respond(id, error: RPCError(code: RPCError.invalidRequestCode, message: "'jsonrpc' must be \"2.0\"")) }
            else { respond(.null, error: RPCError(code: RPCError.invalidRequestCode, message: "'jsonrpc' must be \"2.0\"")) }
            return
        }
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we send none that need answers), or garbage.
            if message["result"] == nil && message["error"] == nil {
                respond(id ?? .null, error: RPCError(code: RPCError.invalidRequestCode, message: "missing 'method'"))
            }
            return
        }
        let params = message["params"] ?? .null
        if let id {
            request(id: id, method: method, params: params)
        } else {
            notification(method: method, params: params)
        }
    }

    private mutating func request(id: JSON, method: String, params: JSON) {
        switch state {
        case .uninitialized where method != "initialize":
            respond(id, error: RPCError(code: RPCError.serverNotInitializedCode, message: "the server is not initialized yet"))
            return
        case .running where method == "initialize":
            respond(id, error: RPCError(code: RPCError.invalidRequestCode, message: "the server is already initialized"))
            return
        case .shuttingDown:
            respond(id, error: RPCError(code: RPCError.invalidRequestCode, message: "the server is shutting down"))
            return
        default:
            break
        }
        do throws(RPCError) {
            let result = try handleRequest(method: method, params: params)
            respond(id, result: result)
        } catch {
            respond(id, error: error)
        }
    }

    private mutating func handleRequest(method: String, params: JSON) throws(RPCError) -> JSON {
        switch method {
        case "initialize": return try initialize(params)
        case "shutdown":
            state = .shuttingDown
            return .null
        case "textDocument/definition" where isScenario(params): return try scenarioDefinition(params)
        case "textDocument/hover" where isScenario(params): return try scenarioHover(params)
        case "textDocument/completion" where isScenario(params): return try scenarioCompletion(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/formatting": return try formatting(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params)
        case "textDocument/documentHighlight": return try documentHighlights(params)
        default:
            throw RPCError(code: RPCError.methodNotFoundCode, message: "unsupported method '\(method)'")
        }
    }

    private mutating func notification(method: String, params: JSON) {
        if method == "exit" {
            exitCode = state == .shuttingDown ? 0 : 1
            return
        }
        // Before `initialize`, notifications other than `exit` are dropped (LSP 3.17).
        guard state != .uninitialized else { return }
        do throws(RPCError) {
            switch method {
            case "initialized": watchTipsFiles()
            case "textDocument/didOpen": try didOpen(params)
            case "textDocument/didChange": try didChange(params)
            case "textDocument/didClose": try didClose(params)
            case "textDocument/didSave": try didSave(params)
            case "workspace/didChangeWatchedFiles": workspace.invalidateAll()
            case "workspace/didChangeWorkspaceFolders": try didChangeWorkspaceFolders(params)
            default:
                // `$/cancelRequest`, `$/setTrace` and anything unknown: nothing to do.
                break
            }
        } catch {
            // A notification has no response; tell the user through the client's log.
            notify("window/logMessage", .object(["type": 1, "message": .string("\(method): \(error.message)")]))
        }
    }
}
