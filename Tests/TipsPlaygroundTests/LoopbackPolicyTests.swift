import Testing
import TipsPlayground

/// The DNS-rebinding guard (Host) and the cross-origin guard (Origin, Sec-Fetch-Site).
@Suite struct LoopbackPolicyTests {
    let policy = LoopbackPolicy(port: 8123)

    static let authorities: [(String, Bool)] = [
        ("127.0.0.1:8123", true), ("localhost:8123", true), ("LOCALHOST:8123", true), ("[::1]:8123", true),
        ("127.0.0.1:8124", false), ("127.0.0.1", false), ("localhost", false), ("evil.example:8123", false),
        ("127.0.0.1.evil.example:8123", false), ("localhost.:8123", false), ("127.0.0.2:8123", false),
        ("0.0.0.0:8123", false), ("[::1]8123", false), ("[::1", false), ("127.0.0.1:", false),
        ("127.0.0.1:08123x", false), ("127.0.0.1:99999999", false), ("", false), ("127.0.0.1:8123@evil", false),
    ]

    @Test(arguments: authorities)
    func host(_ authority: String, _ accepted: Bool) {
        #expect(policy.accepts(authority: authority) == accepted, "\(authority)")
        let request = HTTPRequest(method: "GET", target: "/", headers: [HTTPHeader("Host", authority)])
        #expect((policy.refusal(of: request) == nil) == accepted)
    }

    @Test func aRequestWithoutHostIsRefused() {
        let refusal = policy.refusal(of: HTTPRequest(method: "GET", target: "/", version: "HTTP/1.0"))
        #expect(refusal?.status == 403)
    }

    static let origins: [(method: String, headers: [HTTPHeader], allowed: Bool)] = [
        ("POST", [], true),
        ("POST", [HTTPHeader("Origin", "http://127.0.0.1:8123")], true),
        ("POST", [HTTPHeader("Origin", "http://localhost:8123"), HTTPHeader("Sec-Fetch-Site", "same-origin")], true),
        ("POST", [HTTPHeader("Origin", "https://127.0.0.1:8123")], false),
        ("POST", [HTTPHeader("Origin", "http://evil.example")], false),
        ("POST", [HTTPHeader("Origin", "null")], false),
        ("POST", [HTTPHeader("Origin", "http://127.0.0.1:9999")], false),
        ("POST", [HTTPHeader("Sec-Fetch-Site", "cross-site")], false),
        ("POST", [HTTPHeader("Sec-Fetch-Site", "same-site")], false),
        ("DELETE", [HTTPHeader("Origin", "http://evil.example")], false),
        // Reading is allowed from anywhere the Host check lets through: the browser keeps
        // other origins from reading the answer.
        ("GET", [HTTPHeader("Origin", "http://evil.example")], true),
    ]

    @Test(arguments: origins.indices)
    func origin(_ i: Int) {
        let c = Self.origins[i]
        let request = HTTPRequest(method: c.method, target: "/api/step", headers: [HTTPHeader("Host", "127.0.0.1:8123")] + c.headers)
        let refusal = policy.refusal(of: request)
        #expect((refusal == nil) == c.allowed, "\(c.method) \(c.headers)")
        if let refusal { #expect(refusal.status == 403) }
    }
}
