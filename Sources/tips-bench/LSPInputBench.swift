import TipsLanguageServer
import TipsText

/// lsp.json.* and lsp.didChange.*: the language server's input paths on large input (issue
/// 19), each against a baseline of the same size that is linear by construction, so a
/// ratio near 1 (and independent of the size) says the path is linear.
enum LSPInputBench {
    /// A message whose params object has 100,000 members, vs the same members as an array
    /// of 200,000 values (parsing an array never compares keys).
    static let manyKeys = Benchmark.timed(
        "lsp.json.100k-keys",
        "JSON.parse of a message whose params object has 100,000 keys, vs an array of its 200,000 keys and values"
    ) { _ in
        let members = (0..<100_000).map { "\"key\($0)\":\($0)" }.joined(separator: ",")
        let object = Array("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\(members)}}".utf8)
        let values = (0..<100_000).map { "\"key\($0)\",\($0)" }.joined(separator: ",")
        let array = Array("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":[\(values)]}".utf8)
        return .init(workload: .init(operation: { (try? JSON.parse(object))?["params"]?.members?.count ?? -1 }),
                     baselines: [("array", .init(operation: { (try? JSON.parse(array))?["params"]?.array?.count ?? -1 }))])
    }

    /// 10,000 incremental `didChange` notifications (a character typed, then deleted, at
    /// lines spread over the file) to an open 1 MB document, vs the same 10,000 edits on a
    /// plain byte array: the moves of the bytes any contiguous text must make.
    static let edits = Benchmark.timed(
        "lsp.didChange.1MB",
        "10,000 incremental didChange edits to an open 1 MB document, vs the same edits on a byte array"
    ) { _ in
        var line = "tip T0 { title \"A title of a tip\" message \"and a message\" }"
        line += String(repeating: " ", count: 63 - line.utf8.count)
        let lines = (1 << 20) / 64
        let text = String(repeating: line + "\n", count: lines)
        let uri = "file:///tips-bench/large.tips"
        var server = LanguageServer()
        server.receive(Array(JSON.object(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                          "params": .object(["capabilities": .object([])])]).rendered().utf8))
        server.receive(Array(JSON.object(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": .object([
            "textDocument": .object(["uri": .string(uri), "languageId": "tips", "version": 1, "text": .string(text)])])]).rendered().utf8))
        server.flush()
        _ = server.takeOutput()
        // Edit k types "x" at (line, 10) for even k and deletes it again for odd k: the text
        // is the same after each call.
        var bodies: [[UInt8]] = []
        var plain: [(Range<Int>, [UInt8])] = []
        for k in 0..<10_000 {
            let at = (k / 2) * 7919 % lines
            let typed = k % 2 == 0
            let range: JSON = .object(["start": .object(["line": .int(at), "character": 10]),
                                       "end": .object(["line": .int(at), "character": typed ? 10 : 11])])
            bodies.append(Array(JSON.object(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(k + 2)]),
                "contentChanges": .array([.object(["range": range, "text": typed ? "x" : ""])])])]).rendered().utf8))
            plain.append((at * 64 + 10..<at * 64 + (typed ? 10 : 11), typed ? [UInt8(ascii: "x")] : []))
        }
        let box = Box(server: server, bytes: Array(text.utf8))
        return .init(workload: .init(operation: {
            for body in bodies { box.server.receive(body) }
            return box.server.takeOutput().count
        }), baselines: [("bytes", .init(operation: {
            for (range, replacement) in plain { box.bytes.replaceSubrange(range, with: replacement) }
            return box.bytes.count
        }))])
    }

    /// The state the timed closures mutate.
    final class Box {
        var server: LanguageServer
        var bytes: [UInt8]
        init(server: LanguageServer, bytes: [UInt8]) {
            self.server = server
            self.bytes = bytes
        }
    }
}
