import Foundation
import TipsBenchSupport
import TipsCompile
import TipsJournal
import TipsRuntime

/// runtime.open.1k / .10k / .100k: opening a TipStore over the 1,000-tip catalog on a
/// journal of that many donation records, and the first status: what an app's launch pays.
enum OpenBench {
    static let open = Benchmark(
        name: "runtime.open",
        summary: "TipStore open + first status on journals of 1k, 10k and 100k records (1,000-tip catalog), vs an in-memory store"
    ) { context in
        let bytes = Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)
        let sizes = context.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
        var rows: [BenchResult] = []
        for n in sizes {
            let path = context.scratch + "/open-\(n).jsonl"
            writeJournal(path: path, records: n)
            let size = fileSize(path)
            let url = URL(fileURLWithPath: path)
            let clock = ManualClock(start: BenchSupport.now)
            func openAndAsk(_ journal: URL?) -> () -> Int {
                { OpenBench.openAndAsk(bytes: bytes, journal: journal, clock: clock) }
            }
            // Baseline: the same open of an in-memory store (bundle verification, the VM,
            // the catalog's indexes): the difference is the journal's replay.
            let times = context.runner.nanosecondsPerOperation([.init(operation: openAndAsk(url)), .init(operation: openAndAsk(nil))])
            // Opening must not have rewritten the file, or later samples timed a smaller one.
            check(fileSize(path) == size, "runtime.open: opening changed the journal's size")
            var row = BenchResult(name: "runtime.open.\(n / 1000)k", nsPerOp: times[0], baseline: "memory", baselineNsPerOp: times[1])
            row.extra = [("records", .double(Double(n))), ("bytes", .double(Double(size)))]
            row.note = "\(n) records, \(size / 1024) KiB"
            rows.append(row)
        }
        return rows
    }

    /// Opens a store (on `journal`, or in memory), asks one status and closes it.
    static func openAndAsk(bytes: [UInt8], journal: URL?, clock: ManualClock) -> Int {
        let store: TipStore
        let available: Bool
        do {
            if let journal {
                store = try TipStore(bundle: bytes, journalURL: journal, clock: clock)
            } else {
                store = try TipStore(bundle: bytes, clock: clock)
            }
            available = try store.status(of: "Tip0") == .available
            try store.close()
        } catch {
            fatal("runtime.open: \(error)")
        }
        return available ? 1 : 0
    }

    /// A journal of `records` donations of the catalog's payload-less events, spread over
    /// the 30 days before `BenchSupport.now`, written directly (no automatic compaction,
    /// which would shrink it to the event limits).
    static func writeJournal(path: String, records: Int) {
        var options = JournalOptions()
        options.autoCompactBytes = nil
        do {
            let journal = try Journal.open(at: path, durability: .batched(maxRecords: 4096, maxDelayMs: 60_000), options: options)
            let events = ["appOpen", "manualSave", "share"]
            let span: Int64 = 30 * 86_400_000
            var batch: [JournalRecord] = []
            for i in 0..<records {
                let at = BenchSupport.now - span + span * Int64(i) / Int64(records)
                batch.append(.donate(event: events[i % events.count], at: at, payload: [:]))
                if batch.count == 4096 {
                    _ = try journal.append(contentsOf: batch)
                    batch = []
                }
            }
            _ = try journal.append(contentsOf: batch)
            try journal.close()
        } catch {
            fatal("runtime.open: writing the journal: \(error)")
        }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? -1
    }
}
