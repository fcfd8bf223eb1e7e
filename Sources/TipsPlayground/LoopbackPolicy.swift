/// Who may talk to a server bound to 127.0.0.1.
///
/// Binding to loopback keeps other machines out, but not other web pages in the user's own
/// browser: a page from anywhere can send requests to 127.0.0.1, and a DNS-rebinding page
/// (a name of its own that resolves to 127.0.0.1) can even read the answers. So every
/// request must name a loopback host (`127.0.0.1`, `localhost` or `[::1]`, with this
/// server's port) in `Host`, and a request that changes state (any method but GET and HEAD)
/// must not come from another origin: its `Origin`, when sent, is `http://` and such a
/// host, and its `Sec-Fetch-Site`, when sent, is `same-origin` or `none`.
public struct LoopbackPolicy: Sendable, Hashable {
    /// The port the server listens on.
    public var port: Int

    public init(port: Int) { self.port = port }

    /// The host names accepted, lowercased.
    public static let hosts = ["127.0.0.1", "localhost", "[::1]"]

    /// Nil when `request` may be served, else the 403 response that refuses it.
    public func refusal(of request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host"), accepts(authority: host) else {
            let sent = request.header("host").map { "'\($0)'" } ?? "none"
            return .error(403, "refused: the Host header must be 127.0.0.1:\(port) or localhost:\(port) (sent: \(sent))")
        }
        guard !request.isSafe else { return nil }
        if let origin = request.header("origin") {
            let lowered = origin.lowercased()
            guard lowered.hasPrefix("http://"), accepts(authority: String(lowered.dropFirst("http://".count))) else {
                return .error(403, "refused: a \(request.method) from origin '\(origin)'; only this page may change the session")
            }
        }
        if let site = request.header("sec-fetch-site"), site != "same-origin" && site != "none" {
            return .error(403, "refused: a \(request.method) from another site (Sec-Fetch-Site: \(site))")
        }
        return nil
    }

    /// Whether `authority` (`host[:port]`) is a loopback name with this server's port (the
    /// port may be left out only when it is 80).
    public func accepts(authority: String) -> Bool {
        let text = authority.lowercased()
        let host: Substring
        let portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return false }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty {
                portText = nil
            } else {
                guard rest.first == ":" else { return false }
                portText = rest.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        } else {
            host = Substring(text)
            portText = nil
        }
        guard LoopbackPolicy.hosts.contains(String(host)) else { return false }
        guard let portText else { return port == 80 }
        guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy({ (48...57).contains($0) }),
              let p = Int(portText) else { return false }
        return p == port
    }
}
