#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TipsPlayground

/// The server on a real socket: 127.0.0.1, an ephemeral port, raw bytes in and out.
@Suite(.serialized) struct HTTPServerSocketTests {
    /// Sends `bytes` to 127.0.0.1:`port` and reads until the server closes (or 5 s pass).
    static func exchange(_ bytes: [UInt8], port: Int, closeEarly: Bool = false) -> String {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return "" }
        defer { _ = close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } }
        if closeEarly { return "" }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) >= 0 else { break }
            if p.revents == 0 { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += chunk[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func servesGuardsAndSurvivesHostileClients() throws {
        var limits = HTTPLimits()
        limits.idleTimeoutMilliseconds = 300
        limits.requestTimeoutMilliseconds = 600
        let server = try HTTPServer(port: 0, limits: limits) { request in
            .json(.object(["path": .string(request.path)]))
        }
        server.start()
        defer { server.stop() }
        let port = server.port
        #expect(port > 0)
        #expect(server.url == "http://127.0.0.1:\(port)/")

        let ok = Self.exchange(Array("GET /hello HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8), port: port)
        #expect(ok.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(ok)")
        #expect(ok.contains("Connection: close") && ok.hasSuffix("{\"path\":\"/hello\"}"))

        let rebinding = Self.exchange(Array("GET / HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n".utf8), port: port)
        #expect(rebinding.hasPrefix("HTTP/1.1 403 "), "\(rebinding)")

        let crossSite = Self.exchange(Array(("POST /x HTTP/1.1\r\nHost: localhost:\(port)\r\nOrigin: http://evil.example\r\n"
                                             + "Content-Length: 0\r\n\r\n").utf8), port: port)
        #expect(crossSite.hasPrefix("HTTP/1.1 403 "), "\(crossSite)")

        let garbage = Self.exchange([0x16, 0x03, 0x01, 0x00, 0xFF, 0x0A], port: port)
        #expect(garbage.hasPrefix("HTTP/1.1 400 "), "\(garbage)")

        // A client that says nothing, and one that trickles a valid prefix, are cut off.
        let started = Date()
        let silent = Self.exchange([], port: port)
        #expect(silent.hasPrefix("HTTP/1.1 408 "), "\(silent)")
        #expect(Date().timeIntervalSince(started) < 3)
        let partial = Self.exchange(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8), port: port)
        #expect(partial.hasPrefix("HTTP/1.1 408 "), "\(partial)")

        // A client that hangs up mid-request changes nothing for the next one.
        _ = Self.exchange(Array("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 10\r\n\r\nab".utf8), port: port, closeEarly: true)
        let after = Self.exchange(Array("HEAD /again HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n".utf8), port: port)
        #expect(after.hasPrefix("HTTP/1.1 200 OK\r\n") && after.hasSuffix("\r\n\r\n"), "HEAD has no body: \(after)")
    }

    @Test func stopWithoutStartReturnsAndFreesThePort() throws {
        let idle = try HTTPServer(port: 0) { _ in HTTPResponse(status: 200) }
        let port = idle.port
        idle.stop()
        idle.stop()
        let again = try HTTPServer(port: port) { _ in HTTPResponse(status: 200) }
        again.stop()
    }

    @Test func aPortTakenIsAnErrorNotACrash() throws {
        let first = try HTTPServer(port: 0) { _ in HTTPResponse(status: 200) }
        defer { first.stop() }
        first.start()
        #expect(throws: HTTPServer.Failure.self) { try HTTPServer(port: first.port) { _ in HTTPResponse(status: 200) } }
    }

    @Test func thePlaygroundOverTheSocket() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let running = try PlaygroundServer.start(catalogPath: root.appendingPathComponent("Definitions/notes-app").path)
        defer { running.stop() }
        let port = running.server.port
        let body = #"{"kind":"donate","event":"appOpened"}"#
        let answer = Self.exchange(Array(("POST /api/step HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                                          + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8), port: port)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answer.prefix(300))")
        #expect(answer.contains(#""accepted":true"#))
        #expect(answer.contains(#""line":"donate appOpened""#))
    }
}
