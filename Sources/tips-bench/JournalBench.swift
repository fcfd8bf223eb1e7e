import TipsJournal

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
        row.extra = [("records_per_second", .number(rate.rounded())), ("records", .number(Double(records)))]
        row.note = "\(grouped(rate)) records/s"
        return row
    }

    static let replay = Benchmark(
        name: "journal.replay.1m",
        summary: "open (replay) a 1,000,000-line journal: parse, CRC check, state reducer"
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
            var seconds: [Double] = []
            var records = 0
            for _ in 0..<runs {
                let result = try JournalBenchmarks.replay(path: path)
                records = result.records
                seconds.append(result.seconds)
            }
            let s = context.runner.median(seconds)
            var row = BenchResult(name: name, nsPerOp: s * 1e9 / Double(max(records, 1)))
            row.extra = [("records", .number(Double(records))), ("seconds", .number((s * 1000).rounded() / 1000)),
                         ("records_per_second", .number((Double(records) / max(s, 1e-9)).rounded()))]
            row.note = "\(grouped(Double(records))) records in \(formatDecimal(s, places: 3)) s"
            return [row]
        } catch {
            return [failedRow(name, "\(error)")]
        }
    }

    static func failedRow(_ name: String, _ message: String) -> BenchResult {
        var row = BenchResult(name: name)
        row.extra = [("error", .text(message))]
        row.note = "failed: \(message)"
        return row
    }
}
