// libFuzzer target for the language server's input: arbitrary bytes as the stream from the
// editor, through `MessageFramer` into `LanguageServer` the way `StdioServer` runs them
// (scripts/fuzz-lsp.sh builds and runs it).
//
// Each input starts a server initialized on a catalog (TIPS_FUZZ_CATALOG, the notes app of
// Definitions, copied to /tmp/tips-fuzz-lsp) with its editor.tips open, then feeds it the
// input in pieces (their size depends on the input's length, so messages are cut at every
// kind of place).
// Invariants beyond "does not trap" (and libFuzzer's timeout: "does not hang"):
//  - a frame gets at most one response, and a well-formed request (a JSON object with
//    "jsonrpc": "2.0", a string "method" and a number or string "id") exactly one,
//    carrying its id;
//  - whatever came before, once a pending header and body are completed, a well-formed
//    request is still answered: no input leaves the server deaf;
//  - what the server writes for one frame stays bounded.
import Foundation
import TipsLanguageServer
import TipsText

/// A failed invariant: stops with its message, which `precondition` would not print in
/// an optimized build (the reproducer alone would not say which invariant broke).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { failure(message()) }
}

func failure(_ message: String) -> Never { fatalError(message) }

/// The catalog is copied to a fixed place, so inputs (and the kept corpus) can name its
/// files whatever the checkout's path: `file:///tmp/tips-fuzz-lsp/notes-app/editor.tips`.
let catalog: (root: String, uri: String, text: String) = {
    let source = ProcessInfo.processInfo.environment["TIPS_FUZZ_CATALOG"] ?? "Definitions/notes-app"
    let root = "/tmp/tips-fuzz-lsp/notes-app"
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: source)) ?? []).filter { $0.hasSuffix(".tips") }.sorted()
    for name in names {
        if let data = FileManager.default.contents(atPath: source + "/" + name) {
            try? data.write(to: URL(fileURLWithPath: root + "/" + name), options: .atomic)
        }
    }
    let name = names.contains("editor.tips") ? "editor.tips" : names.first
    guard let name, let text = try? String(contentsOfFile: root + "/" + name, encoding: .utf8) else {
        failure("no catalog at \(source) (set TIPS_FUZZ_CATALOG)")
    }
    return (root, "file://" + root + "/" + name, text)
}()

func message(_ json: JSON) -> [UInt8] { Array(json.rendered().utf8) }

func framed(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

/// The id of a well-formed request, or nil for anything else.
func requestID(_ body: [UInt8]) -> JSON? {
    guard let json = try? JSON.parse(body), json["jsonrpc"]?.string == "2.0", json["method"]?.string != nil,
          let id = json["id"], id.string != nil || id.int != nil else { return nil }
    return id
}

/// Responses among what the server wrote (its own requests and notifications have a method).
func responses(_ out: [JSON]) -> [JSON] {
    out.filter { $0["method"] == nil && ($0["result"] != nil || $0["error"] != nil) }
}

struct Session {
    var framer = MessageFramer()
    var server = LanguageServer()

    init() {
        server.receive(message(.object(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": .object([
            "processId": .null, "rootUri": .string("file://" + catalog.root), "capabilities": .object([
                "general": .object(["positionEncodings": ["utf-16"]])])])])))
        server.receive(message(.object(["jsonrpc": "2.0", "method": "initialized", "params": .object([])])))
        server.receive(message(.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object([
            "textDocument": .object(["uri": .string(catalog.uri), "languageId": "tips", "version": 1,
                                     "text": .string(catalog.text)])])])))
        server.flush()
        _ = server.takeOutput()
    }

    /// Appends bytes and handles every whole frame, checking each frame's answers; returns
    /// every response, or nil once the server has exited.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [JSON]? {
        framer.append(bytes)
        var all: [JSON] = []
        while let frame = framer.next() {
            server.receive(frame: frame)
            let out = server.takeOutput()
            require(out.count <= 64, "\(out.count) messages for one frame")
            let answers = responses(out)
            require(answers.count <= 1, "\(answers.count) responses to one frame")
            if case .message(let body) = frame, let id = requestID(body) {
                require(answers.count == 1 && answers[0]["id"] == id, "request \(id.rendered()) not answered")
            }
            all += answers
            if server.exitCode != nil { return nil }
        }
        server.flush()
        _ = server.takeOutput()
        return all
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var session = Session()
    let piece = [1, 3, 17, 64 * 1024][bytes.count % 4]
    var i = 0
    while i < bytes.count {
        guard session.feed(bytes[i..<min(i + piece, bytes.count)]) != nil else { return 0 }
        i += piece
    }
    // Complete what is pending: a header block without its blank line, then the body it
    // announces (unless it is a huge one, which only time would skip).
    for _ in 0..<3 {
        if session.framer.hasPartialInput, session.framer.awaitedBytes == nil {
            guard session.feed(Array("\r\n\r\n".utf8)[...]) != nil else { return 0 }
        }
        if let awaited = session.framer.awaitedBytes, awaited > 0 {
            guard awaited <= 1 << 20 else { return 0 }
            guard session.feed(Array(repeating: 0x20, count: awaited)[...]) != nil else { return 0 }
        }
    }
    let sentinel = JSON.string("fuzz-sentinel")
    let request = message(.object(["jsonrpc": "2.0", "id": sentinel, "method": "textDocument/documentSymbol",
                                   "params": .object(["textDocument": .object(["uri": .string(catalog.uri)])])]))
    guard let answers = session.feed(framed(request)[...]) else { return 0 }
    require(answers.filter { $0["id"] == sentinel }.count == 1, "the server went deaf")
    return 0
}
