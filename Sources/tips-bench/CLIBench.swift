import Foundation
import TipsBenchSupport
import TipsCLI
import TipsJournal

/// Command-line costs that grow with the input (issue 19): `tipc test` per scenario, and
/// `tipc journal merge` of two 1,000,000-record journals against the way it used to merge.
enum CLIBench {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A `TextOutputStream` that keeps nothing.
    struct Discard: TextOutputStream {
        mutating func write(_ string: String) {}
    }

    static let test = Benchmark(
        name: "test.definitions",
        summary: "tipc test Definitions (every scenario of the example apps), per scenario, vs tipc check Definitions"
    ) { context in
        let definitions = repository.appendingPathComponent("Definitions").path
        func run(_ arguments: [String]) -> Int32 {
            var out = Discard(), err = Discard()
            return Tipc.run(arguments, stdout: &out, stderr: &err)
        }
        // The scenarios one run executes: ns per scenario.
        var counted = ""
        var ignored = Discard()
        let status = Tipc.run(["test", "--format", "json", definitions], stdout: &counted, stderr: &ignored)
        check(status == 0, "test.definitions: tipc test Definitions failed (\(status))")
        let scenarios = counted.split(separator: "\n").first { $0.contains("\"scenarios\":") }
            .flatMap { Int($0.filter(\.isNumber)) } ?? 1
        let runner = context.runner
        let samples = runner.samples([
            .init(operation: { Int(run(["test", definitions])) }, operationsPerCall: scenarios),
            .init(operation: { Int(run(["check", definitions])) }, operationsPerCall: scenarios),
        ])
        var row = BenchResult(name: "test.definitions", nsPerOp: runner.median(samples[0]),
                              baseline: "check", baselineNsPerOp: runner.median(samples[1]))
        row.extra = [("scenarios", .double(Double(scenarios)))]
        row.note = "\(scenarios) scenarios; per scenario \(nanoseconds(runner.median(samples[0])))"
        return [row]
    }

    /// Runs per side for journal.merge.1m (the two sides alternate).
    static let mergeRuns = 3

    static let merge = Benchmark(
        name: "journal.merge.1m",
        summary: "tipc journal merge of two 1,000,000-record journals, vs the materializing merge it replaced"
    ) { context in
        let name = "journal.merge.1m"
        let lines = context.quick ? 50_000 : 1_000_000
        let a = context.scratch + "/merge-a.jsonl", b = context.scratch + "/merge-b.jsonl"
        let out = context.scratch + "/merge-out.jsonl", old = context.scratch + "/merge-old.jsonl"
        let at: Int64 = 1_767_225_600_000
        do {
            // The replay benchmark's generator, twice: the same journal synced from two
            // devices (every donation arrives twice and counts once).
            try JournalBenchmarks.generate(path: a, lines: lines)
            try JournalBenchmarks.generate(path: b, lines: lines)
            var current: [(seconds: Double, heap: Int)] = []
            var materialized: [(seconds: Double, heap: Int)] = []
            for _ in 0..<mergeRuns {
                unlink(out)
                current.append(try measure {
                    var sink = Discard(), errors = ""
                    let status = Tipc.run(["journal", "merge", a, b, "-o", out, "--at", "2026-01-01T00:00:00Z"],
                                          stdout: &sink, stderr: &errors)
                    if status != 0 { throw JournalError(.io, path: out, operation: "merge", detail: errors) }
                })
                unlink(old)
                var donations = 0
                materialized.append(try measure { donations = try materializedMerge([a, b], into: old, at: at) })
                check(donations == lines, "journal.merge.1m: the materialized merge counted \(donations) donations")
            }
            let new = try Journal.readEntries(at: out).entries.map(\.record)
            check(new == (try Journal.readEntries(at: old).entries.map(\.record)),
                  "journal.merge.1m: the two merges wrote different records")
            let runner = context.runner
            let s = runner.median(current.map(\.seconds)), bs = runner.median(materialized.map(\.seconds))
            let heap = current.map(\.heap).max() ?? 0, baseHeap = materialized.map(\.heap).max() ?? 0
            let records = Double(2 * lines)
            var row = BenchResult(name: name, nsPerOp: s * 1e9 / records, baseline: "materialized", baselineNsPerOp: bs * 1e9 / records)
            row.extra = [("records_in", .double(records)), ("records_out", .double(Double(new.count))),
                         ("seconds", .double((s * 1000).rounded() / 1000)),
                         ("baseline_seconds", .double((bs * 1000).rounded() / 1000)),
                         ("peak_heap_bytes", .double(Double(heap))), ("baseline_peak_heap_bytes", .double(Double(baseHeap)))]
            row.note = "\(formatDecimal(s, places: 2)) s, peak heap +\(heap >> 20) MiB; "
                + "materialized \(formatDecimal(bs, places: 2)) s, +\(baseHeap >> 20) MiB"
            return [row]
        } catch {
            return [JournalBench.failedRow(name, "\(error)")]
        }
    }

    /// The merge as `tipc journal merge` did it before issue 19: every input's entries
    /// read into an array, the merged records encoded into one batch appended to a fresh
    /// journal (its state rebuilt as it goes), the summary's state replayed again.
    /// Returns the merged state's donations, as its summary line counted them.
    @discardableResult
    static func materializedMerge(_ inputs: [String], into output: String, at: Int64) throws -> Int {
        var merged = JournalMerge()
        for path in inputs {
            let entries = try Journal.readEntries(at: path).entries
            merged.merge(JournalMerge(records: entries.map(\.record)))
        }
        let records = merged.records
        let temporary = output + ".tmp"
        unlink(temporary)
        var options = JournalOptions()
        options.now = { at }
        options.autoCompactBytes = nil
        let journal = try Journal.open(at: temporary, durability: .synced, locking: .none, options: options)
        if !records.isEmpty { _ = try journal.append(contentsOf: records) }
        try journal.flush()
        try journal.close()
        guard rename(temporary, output) == 0 else { throw JournalError(.io, path: output, operation: "rename") }
        return merged.state.donations.values.reduce(0) { $0 + $1.count }
    }

    /// Wall seconds of `body` and the most heap in use above the start while it ran
    /// (sampled every 2 ms on another thread).
    static func measure(_ body: () throws -> Void) throws -> (seconds: Double, heap: Int) {
        let start = ProcessMemory.heapBytes() ?? 0
        let sampler = HeapSampler()
        sampler.start()
        let t0 = JournalPlatform.monotonicNanoseconds()
        defer { _ = sampler.stop() }
        try body()
        let seconds = Double(JournalPlatform.monotonicNanoseconds() &- t0) / 1e9
        return (seconds, max(0, sampler.stop() - start))
    }

    /// Polls the heap in use until stopped and keeps the largest figure.
    final class HeapSampler: @unchecked Sendable {
        private let lock = NSLock()
        private var peak = 0
        private var running = true
        private let done = DispatchSemaphore(value: 0)

        func start() {
            Thread.detachNewThread { [self] in
                while true {
                    let now = ProcessMemory.heapBytes() ?? 0
                    lock.lock()
                    peak = max(peak, now)
                    let go = running
                    lock.unlock()
                    if !go { break }
                    usleep(2000)
                }
                done.signal()
            }
        }

        /// Stops (once) and returns the peak.
        func stop() -> Int {
            lock.lock()
            let wasRunning = running
            running = false
            lock.unlock()
            if wasRunning { done.wait() }
            lock.lock(); defer { lock.unlock() }
            return peak
        }
    }
}
