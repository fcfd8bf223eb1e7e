import Foundation
@testable import TipsLanguageServer
import TipsText

/// A real `tipc lsp` process driven over pipes, as an editor drives it.
final class ServerProcess {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var framer = MessageFramer()
    /// Notifications received while waiting for responses.
    private(set) var notifications: [JSON] = []
    private var nextID = 1

    /// The `tipc` executable built next to the tests (`.build/<triple>/debug/tipc`), found by
    /// walking up from the test bundle, then from this source file to the package's `.build`.
    static func tipcURL() -> URL? {
        let fm = FileManager.default
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(), Bundle.main.bundleURL]
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("tipc")
                if fm.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        starts = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/tipc")]
        return starts.first { fm.isExecutableFile(atPath: $0.path) }
    }

    init() throws {
        TestPlatform.ignoreBrokenPipes()
        guard let url = Self.tipcURL() else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = url
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func send(raw bytes: [UInt8]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    func send(_ message: JSON) throws {
        let body = Array(message.rendered().utf8)
        try send(raw: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func closeInput() throws { try input.fileHandleForWriting.close() }

    /// The next message, or `nil` after `seconds` or at the end of output.
    func next(seconds: Double = 10) -> JSON? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let frame = framer.next() {
                if case .message(let body) = frame, let json = try? JSON.parse(body) { return json }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, TestPlatform.waitReadable(output.fileHandleForReading.fileDescriptor,
                                                      milliseconds: Int32(left * 1000)) else { return nil }
            let bytes = TestPlatform.read(output.fileHandleForReading.fileDescriptor)
            if bytes.isEmpty { return nil }
            framer.append(bytes)
        }
    }

    /// Sends a request and waits for its response, keeping notifications that come first.
    func request(_ method: String, _ params: JSON, seconds: Double = 10) throws -> JSON? {
        let id = nextID
        nextID += 1
        try send(Message.request(id, method, params))
        return response(id, seconds: seconds)
    }

    func response(_ id: Int, seconds: Double = 10) -> JSON? {
        while let message = next(seconds: seconds) {
            if message["id"]?.int == id, message["method"] == nil { return message }
            notifications.append(message)
        }
        return nil
    }

    /// Waits for the next diagnostics published for `uri`.
    func diagnostics(for uri: String, seconds: Double = 10) -> [JSON]? {
        if let i = notifications.firstIndex(where: { Self.isDiagnostics($0, uri) }) {
            return notifications.remove(at: i)["params"]?["diagnostics"]?.array
        }
        while let message = next(seconds: seconds) {
            if Self.isDiagnostics(message, uri) { return message["params"]?["diagnostics"]?.array }
            notifications.append(message)
        }
        return nil
    }

    private static func isDiagnostics(_ m: JSON, _ uri: String) -> Bool {
        m["method"]?.string == "textDocument/publishDiagnostics" && m["params"]?["uri"]?.string == uri
    }

    /// The exit status, once the process ends within `seconds`.
    func exitStatus(seconds: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
