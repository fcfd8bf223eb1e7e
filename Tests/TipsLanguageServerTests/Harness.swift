@testable import TipsLanguageServer
import TipsText

/// Drives a ``LanguageServer`` in-process, the way ``StdioServer`` does: one message at a
/// time, then ``LanguageServer/flush()`` once the input so far is handled.
struct Harness {
    var server = LanguageServer()
    /// Notifications received so far (diagnostics, log messages), oldest first.
    var notifications: [JSON] = []
    private var nextID = 1

    /// Sends raw bytes as one message body and returns everything the server answered.
    mutating func send(raw body: [UInt8]) -> [JSON] {
        server.receive(body)
        server.flush()
        let out = server.takeOutput()
        notifications += out.filter { $0["method"] != nil }
        return out
    }

    mutating func send(_ message: JSON) -> [JSON] { send(raw: Array(message.rendered().utf8)) }

    /// Sends a request and returns its response (result or error).
    mutating func request(_ method: String, _ params: JSON) -> JSON? {
        let id = nextID
        nextID += 1
        return send(Message.request(id, method, params)).first { $0["id"]?.int == id }
    }

    mutating func result(_ method: String, _ params: JSON) -> JSON? { request(method, params)?["result"] }

    mutating func notify(_ message: JSON) { _ = send(message) }

    /// An initialized server for the fixture's workspace.
    static func started(_ fixture: Fixture, capabilities: JSON = .object([])) -> Harness {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: fixture.rootURI, capabilities: capabilities))
        h.notify(Message.notification("initialized", .object([])))
        return h
    }

    /// The diagnostics last published for `uri`.
    func diagnostics(_ uri: String) -> [JSON]? {
        notifications.last { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array
    }

    /// The codes of the diagnostics last published for `uri`.
    func codes(_ uri: String) -> [String] { (diagnostics(uri) ?? []).compactMap { $0["code"]?.string } }
}
