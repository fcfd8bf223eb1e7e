import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// `TipStore(bundleURL:)` reads through the shared bounded reader (`InputFile`): anything
/// but a regular file within `TipStore.bundleLimit` is refused unread with a clear error
/// naming the path, never a hang or an exhausted allocator.
@Suite("Bounded bundle reads")
struct BoundedBundleReadTests {
    static let catalog = """
        tip A {
            title "A"
        }
        """

    /// A scratch folder; FIFOs and sparse files are made only here.
    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func open(_ bundle: URL, in dir: URL) -> TipStoreError? {
        do {
            _ = try TipStore(bundleURL: bundle, journalURL: dir.appendingPathComponent("state.jsonl"), clock: ManualClock())
            return nil
        } catch {
            return error
        }
    }

    enum Input: String, CaseIterable { case fifo, directory, oversize, devZero, missing }

    @Test("refused with the path and the reason", arguments: Input.allCases)
    func refused(_ input: Input) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var url = dir.appendingPathComponent("tips.bundle")
        let why: String
        switch input {
        case .fifo:
            #expect(mkfifo(url.path, 0o600) == 0)
            why = "not a regular file: it is a FIFO"
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            why = "not a regular file: it is a directory"
        case .oversize:
            // Sparse: no disk space used, but stat says 65 MiB.
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            #expect(truncate(url.path, off_t(TipStore.bundleLimit.bytes + (1 << 20))) == 0)
            why = "larger than the 64 MiB limit for a bundle (\(TipStore.bundleLimit.bytes + (1 << 20)) bytes)"
        case .devZero:
            url = URL(fileURLWithPath: "/dev/zero")
            why = "not a regular file: it is a character device"
        case .missing:
            why = "No such file or directory"
        }
        let error = try #require(open(url, in: dir))
        #expect(error.kind == .unreadableBundle)
        #expect(error.message == "cannot read bundle '\(url.path)': \(why)")
    }

    enum Journal: String, CaseIterable { case fifo, directory, devZero, sparse }

    /// The journal goes through TipsJournal's own bounded reader: refused (or, a sparse file
    /// of zeros, found to be no journal) at once, with the path, never a hang or an abort.
    @Test("a journal that is not a regular journal file is refused with its path", arguments: Journal.allCases)
    func journal(_ input: Journal) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var url = dir.appendingPathComponent("state.jsonl")
        switch input {
        case .fifo: #expect(mkfifo(url.path, 0o600) == 0)
        case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        case .devZero: url = URL(fileURLWithPath: "/dev/zero")
        case .sparse:
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            #expect(truncate(url.path, off_t(3) << 30) == 0)
        }
        let bundle = try compileBundle(Self.catalog)
        do throws(TipStoreError) {
            _ = try TipStore(bundle: bundle, journalURL: url, clock: ManualClock())
            Issue.record("opened \(input)")
        } catch {
            #expect(error.kind == .journal)
            #expect(error.message.contains(url.path), "\(error.message)")
        }
    }

    @Test("a regular bundle within the limit opens")
    func regular() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("tips.bundle")
        try Data(try compileBundle(Self.catalog)).write(to: url)
        #expect(open(url, in: dir) == nil)
    }

    @Test("InputFile: over a given limit refused, within it read whole")
    func limitWhileReading() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 200_000)))
        #expect(throws: InputFile.Failure(path: path, reason: .tooLarge(size: 200_000, limit: 100_000, what: "a test"))) {
            try InputFile.read(path, limit: InputFile.Limit(bytes: 100_000, what: "a test"))
        }
        #expect(try InputFile.read(path, limit: InputFile.Limit(bytes: 200_000, what: "a test")).count == 200_000)
    }
}
