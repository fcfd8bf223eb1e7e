#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import TipsRuntime

/// A small HTTP/1.1 server of our own on POSIX sockets, bound to 127.0.0.1 only.
///
/// One request per connection (`Connection: close`), each connection on a thread of its
/// own, at most `limits.maxConnections` at once. Every request passes the
/// `LoopbackPolicy` (Host, Origin) before the handler sees it; a malformed request is
/// answered with its status and reason; a client that stalls or trickles is cut off after
/// the limits' timeouts. Nothing a client sends can crash the process or hold it.
public final class HTTPServer: Sendable {
    /// The socket could not be opened, bound or listened on.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The port it listens on (the one the system picked when asked for 0).
    public let port: Int
    public let limits: HTTPLimits
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let state = RuntimeLock(State())

    private struct State {
        var started = false
        var stopped = false
        var active = 0
        var finished = false
    }

    /// Listens on 127.0.0.1:`port` (0: any free port); call `start()` to serve.
    public init(port: Int = 0, limits: HTTPLimits = HTTPLimits(),
                handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(Failure) {
        guard (0...65535).contains(port) else { throw Failure(description: "port \(port) is not in 0...65535") }
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(HTTPServer.errorText())") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1, never any other
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let text = HTTPServer.errorText()
            _ = HTTPServer.closeSocket(fd)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(text)")
        }
        guard listen(fd, 64) == 0 else {
            let text = HTTPServer.errorText()
            _ = HTTPServer.closeSocket(fd)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(text)")
        }
        var actual = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.listener = fd
        self.limits = limits
        self.handler = handler
    }

    /// `http://127.0.0.1:PORT/`.
    public var url: String { "http://127.0.0.1:\(port)/" }

    /// Serves on a thread of its own until `stop()`.
    public func start() {
        let first = state.withLock { s -> Bool in
            defer { s.started = true }
            return !s.started && !s.stopped
        }
        guard first else { return }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "tips-http-accept"
        thread.start()
    }

    /// Stops accepting; connections being served finish. Returns once the listener is closed.
    public func stop() {
        let serving = state.withLock { s -> Bool in
            defer { s.stopped = true }
            return s.started && !s.stopped
        }
        guard serving else {
            // Never started (or stopped already): nobody else closes the listener.
            let close = state.withLock { s -> Bool in
                defer { s.finished = true }
                return !s.finished
            }
            if close { _ = HTTPServer.closeSocket(listener) }
            return
        }
        while !state.withLock({ $0.finished }) { usleep(2_000) }
    }

    /// Blocks until `stop()` (from another thread) or a fatal accept error; at once if never started.
    public func wait() {
        guard state.withLock({ $0.started }) else { return }
        while !state.withLock({ $0.finished }) { usleep(50_000) }
    }

    private func acceptLoop() {
        defer {
            _ = HTTPServer.closeSocket(listener)
            state.withLock { $0.finished = true }
        }
        while !state.withLock({ $0.stopped }) {
            // Poll with a short timeout so stop() is noticed on every platform.
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 100)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            HTTPServer.noSignalOnWrite(client)
            let admitted = state.withLock { s -> Bool in
                guard s.active < limits.maxConnections else { return false }
                s.active += 1
                return true
            }
            guard admitted else {
                HTTPServer.send(HTTPResponse.error(503, "too many connections; try again").serialized(), to: client)
                _ = HTTPServer.closeSocket(client)
                continue
            }
            DispatchQueue.global().async { [self] in
                serve(client)
                _ = HTTPServer.closeSocket(client)
                state.withLock { $0.active -= 1 }
            }
        }
    }

    /// Reads one request within the limits, answers it, and returns (the caller closes).
    func serve(_ client: Int32) {
        let started = DispatchTime.now().uptimeNanoseconds
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            switch HTTPParser.parse(received, limits: limits) {
            case .rejected(let status, let reason):
                HTTPServer.send(HTTPResponse.error(status, "bad request: \(reason)").serialized(), to: client)
                return
            case .request(let request, _):
                let response: HTTPResponse
                if let refusal = LoopbackPolicy(port: port).refusal(of: request) {
                    response = refusal
                } else {
                    response = handler(request)
                }
                HTTPServer.send(response.serialized(includingBody: request.method != "HEAD"), to: client)
                return
            case .incomplete:
                break
            }
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            let left = limits.requestTimeoutMilliseconds - elapsed
            let wait = min(limits.idleTimeoutMilliseconds, left)
            guard wait > 0 else {
                HTTPServer.send(HTTPResponse.error(408, "the request took longer than \(limits.requestTimeoutMilliseconds) ms").serialized(),
                                to: client)
                return
            }
            var p = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(wait))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                if ready == 0 {
                    HTTPServer.send(HTTPResponse.error(408, "no bytes for \(wait) ms").serialized(), to: client)
                }
                return
            }
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }  // closed by the client, or an error: nothing to answer
            received.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes all of `bytes`, giving up on an error or a client that stops reading.
    static func send(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&p, 1, 5_000) > 0 else { return }
            let n = bytes.withUnsafeBytes { raw -> Int in
                #if canImport(Darwin)
                return Darwin.send(fd, raw.baseAddress! + offset, raw.count - offset, 0)
                #else
                return Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #endif
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
        // Half-close, so the client reads the whole answer before the connection goes.
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// A peer that closed must not kill the process with SIGPIPE (Linux passes MSG_NOSIGNAL).
    static func noSignalOnWrite(_ fd: Int32) {
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    static func closeSocket(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        return Darwin.close(fd)
        #else
        return Glibc.close(fd)
        #endif
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
