import Foundation
import TipsCompile
import TipsJournal
import TipsRuntime
import TipsSource

/// `store` mode: a `TipStore` in its default (asynchronous) durability, donating and
/// flushing as an app does, until it is killed. What it did goes to a log file with one
/// write(2) per line (the page cache keeps it through SIGKILL):
///
///     d N T   donation N returned (applied in memory, queued), at T (ms since the epoch)
///     a N     flush() returned: donations 0..<N are acknowledged (durable)
///
/// Donation N is the record `crash(n: N, w: WRITER)`, dated by the store's clock.
enum StoreWriter {
    /// The catalog the writer runs: one event whose donations are never dropped.
    static let catalog = """
        event crash(n: Int, w: String) limit 100_000_000
        tip T { title "T" rule count(crash) >= 1 }
        """

    static func bundle() throws -> [UInt8] {
        var sources = SourceSet()
        sources.add(path: "crash.tips", text: catalog)
        let output = Compiler.compile(sources: sources)
        guard let bytes = output.bytes else {
            throw Failure(message: "the crash catalog does not compile: \(output.diagnostics.map(\.message))")
        }
        return bytes
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// An append-only log written with one write(2) per line.
    final class Log: @unchecked Sendable {
        let fd: Int32
        init(_ path: String) throws {
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_TRUNC, 0o644)
            if fd < 0 { throw Failure(message: "cannot open log \(path)") }
        }
        func line(_ s: String) {
            var bytes = Array(s.utf8)
            bytes.append(0x0A)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        }
    }

    /// Donates until killed (or `count`): `flood` as fast as it can, else one donation
    /// every `paceMs`. Another thread calls `flush()` every `flushMs` and logs what it
    /// acknowledged.
    static func run(path: String, writer: String, log logPath: String, flood: Bool, paceMs: Int, flushMs: Int,
                    count: Int) throws {
        let log = try Log(logPath)
        let store = try TipStore(bundle: try bundle(), journalURL: URL(fileURLWithPath: path))
        let donated = Counter()
        let stop = Counter()
        let flusher = Thread {
            while stop.value == 0 {
                Thread.sleep(forTimeInterval: Double(flushMs) / 1000)
                let before = donated.value
                do { try store.flush() } catch { log.line("e \(error)") ; continue }
                log.line("a \(before)")
            }
        }
        flusher.start()
        var n = 0
        while n < count {
            try store.donate(dynamic: "crash", ["n": .int(Int64(n)), "w": .string(writer)])
            n += 1
            donated.set(n)
            log.line("d \(n - 1) \(JournalPlatform.nowMilliseconds())")
            if !flood { Thread.sleep(forTimeInterval: Double(paceMs) / 1000) }
        }
        stop.set(1)
        try store.close()
        log.line("a \(n)")
    }
}

/// An integer behind a lock, for the donating and the flushing thread.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    func set(_ v: Int) { lock.lock(); n = v; lock.unlock() }
}
