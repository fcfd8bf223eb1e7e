import Testing
import TipsDriver
import TipsPlayground

/// The parser over raw bytes: well-formed requests, every refusal with its status, and a
/// fuzz-style sweep (truncations, random bytes, mutations) that must never crash or hang.
@Suite struct HTTPParserTests {
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func readsAGetWithHeaders() throws {
        let raw = Self.bytes("GET /api/state?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept:  */* \r\nX-A: 1\r\nx-a: 2\r\n\r\n")
        guard case .request(let r, let consumed) = HTTPParser.parse(raw) else { Issue.record("not parsed"); return }
        #expect(consumed == raw.count)
        #expect(r.method == "GET")
        #expect(r.path == "/api/state")
        #expect(r.target == "/api/state?x=1")
        #expect(r.header("HOST") == "127.0.0.1:8080")
        #expect(r.header("accept") == "*/*")
        #expect(r.header("x-a") == "1, 2")
        #expect(r.body.isEmpty)
    }

    @Test func readsAPostBodyByContentLength() {
        let raw = Self.bytes("POST /api/step HTTP/1.1\r\nHost: localhost:1\r\nContent-Length: 5\r\n\r\nhello+extra")
        guard case .request(let r, let consumed) = HTTPParser.parse(raw) else { Issue.record("not parsed"); return }
        #expect(r.body == Self.bytes("hello"))
        #expect(consumed == raw.count - "+extra".utf8.count)
    }

    /// Prefixes of a valid request are incomplete, never an error.
    @Test func everyPrefixOfAValidRequestIsIncomplete() {
        let raw = Self.bytes("POST /api/step HTTP/1.1\r\nHost: 127.0.0.1:9\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        for n in 0..<raw.count {
            #expect(HTTPParser.parse(Array(raw[0..<n])) == .incomplete, "prefix of \(n) bytes")
        }
        if case .request = HTTPParser.parse(raw) {} else { Issue.record("the whole request did not parse") }
    }

    static let refusals: [(name: String, raw: String, status: Int)] = [
        ("bare LF line ends", "GET / HTTP/1.1\nHost: 127.0.0.1:1\n\n", 400),
        ("CR without LF", "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\rX: y\r\n\r\n", 400),
        ("lowercase method", "get / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("method too long", "ABCDEFGHIJKLMNOPQ / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("two spaces", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("absolute-form target", "GET http://evil/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("asterisk target", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("non-ASCII target", "GET /\u{e9} HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("HTTP/0.9 style", "GET /\r\n\r\n", 400),
        ("not HTTP", "GET / FTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("no Host in 1.1", "GET / HTTP/1.1\r\nAccept: x\r\n\r\n", 400),
        ("two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("obsolete folding", "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n 2\r\n\r\n", 400),
        ("no colon", "GET / HTTP/1.1\r\nHost: a\r\nBroken\r\n\r\n", 400),
        ("space before colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("empty header name", "GET / HTTP/1.1\r\nHost: a\r\n: x\r\n\r\n", 400),
        ("NUL in a value", "GET / HTTP/1.1\r\nHost: a\u{0}b\r\n\r\n", 400),
        ("chunked", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("negative length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("length with a sign", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +1\r\n\r\n", 400),
        ("length list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1, 1\r\n\r\n", 400),
        ("huge length", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400),
        ("two lengths", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx", 400),
        ("body over the limit", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 65537\r\n\r\n", 413),
        ("garbage first bytes", "\u{16}\u{03}\u{01}\u{02}\u{00}", 400),
        ("TLS hello on plain HTTP", "\u{16}\u{03}\u{01}", 400),
    ]

    @Test(arguments: refusals.indices)
    func refuses(_ i: Int) {
        let c = Self.refusals[i]
        guard case .rejected(let status, let reason) = HTTPParser.parse(Self.bytes(c.raw)) else {
            Issue.record("\(c.name): not refused")
            return
        }
        #expect(status == c.status, "\(c.name): \(reason)")
        #expect(!reason.isEmpty)
    }

    @Test func limitsOnSizes() {
        var limits = HTTPLimits()
        limits.maxHeaderBytes = 256
        limits.maxHeaderCount = 3
        limits.maxTargetBytes = 32
        let manyHeaders = "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
        #expect(HTTPParser.parse(Self.bytes(manyHeaders), limits: limits) == .rejected(status: 431, reason: "more than 3 header fields"))
        let longTarget = "GET /" + String(repeating: "a", count: 40) + " HTTP/1.1\r\nHost: a\r\n\r\n"
        guard case .rejected(414, _) = HTTPParser.parse(Self.bytes(longTarget), limits: limits) else { Issue.record("long target"); return }
        // A head that never ends is refused at the limit, not buffered without end.
        let endless = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 300)
        guard case .rejected(431, _) = HTTPParser.parse(Self.bytes(endless), limits: limits) else { Issue.record("endless head"); return }
        // A first line without end is refused once longer than any target could make it.
        let endlessLine = "GET /" + String(repeating: "a", count: 80)
        guard case .rejected(414, _) = HTTPParser.parse(Self.bytes(endlessLine), limits: limits) else { Issue.record("endless line"); return }
    }

    /// Random bytes, random mutations of valid requests and every truncation: the parser
    /// returns for each (no trap), and whatever it accepts is within the limits.
    @Test func fuzzStyleSweep() {
        var rng = SeededGenerator(seed: 23)
        let valid = Self.bytes("POST /api/step HTTP/1.1\r\nHost: 127.0.0.1:8\r\nOrigin: http://127.0.0.1:8\r\nContent-Type: application/json\r\nContent-Length: 17\r\n\r\n{\"kind\":\"relaunch\"}")
        let limits = HTTPLimits()
        var accepted = 0
        for round in 0..<3_000 {
            var input: [UInt8]
            switch round % 3 {
            case 0: input = (0..<Int(rng.next() % 300)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            case 1:
                input = valid
                for _ in 0..<(1 + Int(rng.next() % 4)) {
                    let at = Int(rng.next() % UInt64(input.count))
                    switch rng.next() % 3 {
                    case 0: input[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: input.remove(at: at)
                    default: input.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                    }
                }
            default: input = Array(valid[0..<Int(rng.next() % UInt64(valid.count + 1))])
            }
            if case .request(let r, let consumed) = HTTPParser.parse(input, limits: limits) {
                accepted += 1
                #expect(consumed <= input.count)
                #expect(r.body.count <= limits.maxBodyBytes)
                #expect(r.target.hasPrefix("/"))
            }
        }
        #expect(accepted > 0, "some mutations still parse: the sweep reaches the accepting paths")
    }
}
