import TipsBenchSupport
import TipsJournal
import TipsText

/// journal.append.batched, journal.append.synced and journal.replay.1m, on files in the
/// scratch directory (or `--journal-file` for the replay), through TipsJournal's own
/// benchmark entry points so the figures match Docs/journal.md's.
enum JournalBench {
    /// Runs of each append and replay measurement; the median is reported.
    static let runs = 3

    static let appendBatched = Benchmark(
        name: "journal.append.batched",
        summary: "records per second appended in batched mode (batches of 256, one fsync each)"
    ) { context in
        let records = context.quick ? 5_000 : 200_000
        return [appendRow("journal.append.batched", records: records, context: context) { (path: String) throws(JournalError) -> Double in
            try JournalBenchmarks.appendBatched(path: path, records: records)
        }]
    }

    static let appendSynced = Benchmark(
        name: "journal.append.synced",
        summary: "records per second appended in synced mode (write + fsync per record)"
    ) { context in
        let records = context.quick ? 100 : 2_000
        return [appendRow("journal.append.synced", records: records, context: context) { (path: String) throws(JournalError) -> Double in
            try JournalBenchmarks.appendSynced(path: path, records: records)
        }]
    }

    static func appendRow(_ name: String, records: Int, context: BenchContext,
                          _ body: (String) throws(JournalError) -> Double) -> BenchResult {
        let path = context.scratch + "/\(name).jsonl"
        var rates: [Double] = []
        for _ in 0..<runs {
            do {
                rates.append(try body(path))
            } catch {
                return failedRow(name, "\(error)")
            }
        }
        let rate = context.runner.median(rates)
        var row = BenchResult(name: name, nsPerOp: 1e9 / max(rate, 1e-9))
        row.extra = [("records_per_second", .double(rate.rounded())), ("records", .double(Double(records)))]
        row.note = "\(grouped(rate)) records/s"
        return row
    }

    /// Replays per side for journal.replay.1m (fast path and general baseline alternate).
    static let replayRuns = 5

    static let replay = Benchmark(
        name: "journal.replay.1m",
        summary: "open (replay) a 1,000,000-line journal: parse, CRC check, state reducer; vs the general decoder"
    ) { context in
        let name = "journal.replay.1m"
        let lines = context.quick ? 50_000 : 1_000_000
        let path = context.journalFile ?? context.scratch + "/replay.jsonl"
        do {
            // A given --journal-file is generated once and kept, so a script can give the
            // very same file to Python.
            if context.journalFile == nil || !fileExists(path) {
                try JournalBenchmarks.generate(path: path, lines: lines)
            }
            // Alternate the two, so both see the same load; the first of each warms up.
            var fast: [(seconds: Double, cpu: Double)] = []
            var general: [(seconds: Double, cpu: Double)] = []
            var records = 0
            for run in 0...replayRuns {
                let f = try JournalBenchmarks.replay(path: path, fastPath: true)
                let g = try JournalBenchmarks.replay(path: path, fastPath: false)
                check(f.records == g.records, "journal.replay.1m: the fast path read \(f.records) records, the general one \(g.records)")
                records = f.records
                if run > 0 {
                    fast.append((f.seconds, f.cpuSeconds))
                    general.append((g.seconds, g.cpuSeconds))
                }
            }
            let runner = context.runner
            let s = runner.median(fast.map(\.seconds))
            let gs = runner.median(general.map(\.seconds))
            let cpu = runner.median(fast.map(\.cpu))
            let gcpu = runner.median(general.map(\.cpu))
            let n = Double(max(records, 1))
            var row = BenchResult(name: name, nsPerOp: s * 1e9 / n, baseline: "general", baselineNsPerOp: gs * 1e9 / n)
            func ms(_ v: Double) -> JSON { .double((v * 1000).rounded() / 1000) }
            let ratios = zip(fast, general).map { $0.seconds / $1.seconds }
            let cpuRatios = zip(fast, general).map { $0.cpu / $1.cpu }
            row.extra = [("records", .double(n)), ("seconds", ms(s)),
                         ("seconds_min", ms(fast.map(\.seconds).min() ?? 0)), ("seconds_max", ms(fast.map(\.seconds).max() ?? 0)),
                         ("cpu_seconds", ms(cpu)), ("baseline_cpu_seconds", ms(gcpu)), ("cpu_ratio", .double((cpu / max(gcpu, 1e-9) * 1000).rounded() / 1000)),
                         ("ratio_min", .double(((ratios.min() ?? 0) * 1000).rounded() / 1000)),
                         ("ratio_max", .double(((ratios.max() ?? 0) * 1000).rounded() / 1000)),
                         ("cpu_ratio_min", .double(((cpuRatios.min() ?? 0) * 1000).rounded() / 1000)),
                         ("cpu_ratio_max", .double(((cpuRatios.max() ?? 0) * 1000).rounded() / 1000)),
                         ("records_per_second", .double((n / max(s, 1e-9)).rounded()))]
            row.note = "\(grouped(n)) records in \(formatDecimal(s, places: 3)) s (CPU \(formatDecimal(cpu, places: 3)) s; general \(formatDecimal(gcpu, places: 3)) s)"
            return [row]
        } catch {
            return [failedRow(name, "\(error)")]
        }
    }

    static func failedRow(_ name: String, _ message: String) -> BenchResult {
        var row = BenchResult(name: name)
        row.extra = [("error", .string(message))]
        row.note = "failed: \(message)"
        return row
    }
}
