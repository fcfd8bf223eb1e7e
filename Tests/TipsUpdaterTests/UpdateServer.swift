import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// scripts/update-server.py serving a folder on 127.0.0.1 for one test: started in `init`,
/// stopped in `deinit` (and it exits by itself when this process ends and its standard
/// input closes).
final class UpdateServer: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/update-server.py").path

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// What the server saw (GET /stats).
    struct Stats: Decodable {
        struct Request: Decodable {
            var path: String
            var ifNoneMatch: String?
        }
        var requests: [Request]
        var notModified: Int
        var hugeSent: Int
        var hugeDone: Bool
    }

    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(root: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, root]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0a) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw Failure(description: "update-server.py printed no port") }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "update-server.py printed \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    /// Stops the server; its port then refuses connections. Closes its standard input (it
    /// exits then) and kills it, without `waitUntilExit`, which has hung here in
    /// swift-corelibs-foundation.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(10_000) }
    }

    deinit {
        stop()
    }

    /// The base URL of `site` served in `mode`.
    func url(_ mode: String, _ site: String = "site") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(mode)/\(site)/")!
    }

    func stats() async throws -> Stats {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/stats")!)
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// The requests for files (not /stats) whose path ends with `suffix`.
    func requests(endingWith suffix: String) async throws -> [Stats.Request] {
        try await stats().requests.filter { $0.path.hasSuffix(suffix) }
    }
}
