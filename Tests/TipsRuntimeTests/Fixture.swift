import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// One day, hour, minute and second in milliseconds.
let day: Int64 = 86_400_000, hour: Int64 = 3_600_000, minute: Int64 = 60_000, second: Int64 = 1000

/// Compiles `.tips` source text into verified bundle bytes, failing the test on errors.
func compileBundle(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [UInt8] {
    var sources = SourceSet()
    sources.add(path: "test.tips", text: text)
    let out = Compiler.compile(sources: sources)
    let errors = out.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map { "\($0.code) \($0.message)" })", sourceLocation: sourceLocation)
    return try #require(out.bytes, sourceLocation: sourceLocation)
}

/// A store over a compiled catalog, a fresh journal in a temporary directory and a
/// manual clock; `reopen` opens the same journal again (a new launch).
final class Fixture: @unchecked Sendable {
    let clock: ManualClock
    let directory: URL
    let bytes: [UInt8]
    let durability: TipStore.Durability
    var store: TipStore

    init(_ source: String, overrides: TestingOverrides = .none, durability: TipStore.Durability = .synced,
         clock: ManualClock = ManualClock(), sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        self.clock = clock
        self.durability = durability
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tips-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        bytes = try compileBundle(source, sourceLocation: sourceLocation)
        store = try TipStore(bundle: bytes, journalURL: directory.appendingPathComponent("state.jsonl"),
                             clock: clock, overrides: overrides, durability: durability)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var journalURL: URL { directory.appendingPathComponent("state.jsonl") }

    /// Closes the store and opens the journal again with `bytes` (default: the same bundle).
    /// `killed`: the app died rather than quit, leaving presentations open in the journal.
    @discardableResult
    func reopen(bundle: [UInt8]? = nil, overrides: TestingOverrides = .none, killed: Bool = false) throws -> TipStore {
        try store.close(endingPresentations: !killed)
        store = try TipStore(bundle: bundle ?? bytes, journalURL: journalURL, clock: clock, overrides: overrides,
                             durability: durability)
        return store
    }

    /// The journal's lines.
    func journalLines() throws -> [String] {
        try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The record types (`t`) of the journal's lines after the header.
    func recordTypes() throws -> [String] {
        try journalLines().dropFirst().map { line in
            let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return obj?["t"] as? String ?? "?"
        }
    }

    func status(_ tip: TipKey) throws -> TipStatus { try store.status(of: tip) }
}

/// Collects a stream's values as they arrive, for synchronous checks after each step.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<Value>) {
        task = Task { [weak self] in
            for await v in stream { self?.append(v) }
        }
    }

    deinit { task?.cancel() }

    private func append(_ v: Value) {
        lock.lock(); items.append(v); lock.unlock()
    }

    var values: [Value] {
        lock.lock(); defer { lock.unlock() }
        return items
    }

    /// Waits (up to 2 s) until `count` values have arrived, and returns them all.
    func waitFor(_ count: Int) async -> [Value] {
        for _ in 0..<400 {
            if values.count >= count { break }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        // Give a repeated value (a bug) the chance to show up too.
        try? await Task.sleep(nanoseconds: 10_000_000)
        return values
    }

    func cancel() { task?.cancel() }
}
