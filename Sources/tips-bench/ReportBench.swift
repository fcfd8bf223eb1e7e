import Foundation
import TipsBenchSupport
import TipsDriver
import TipsJournal
import TipsReplay
import TipsReport
import TipsSource

/// `tipc report --defs` at fleet scale (issue 24): 10,000 journals holding 10,000,000
/// records, each replayed through the runtime and folded into the report, against reading
/// the same journals' records without replaying them (the journal reader alone).
enum ReportBench {
    /// Runs per side (the sides alternate); each is a pass over every journal.
    static let runs = 1

    static let journals = Benchmark(
        name: "report.journals.10k",
        summary: "tipc report's fold of 10,000 journals / 10,000,000 records (replayed, counted), vs reading their records"
    ) { context in
        let name = "report.journals.10k"
        let (count, perJournal) = context.quick ? (100, 1_000) : (10_000, 1_000)
        let folder = context.scratch + "/report-journals"
        var sources = SourceSet()
        sources.add(path: "catalog.tips", text: FleetSimulation.source)
        guard let bundle = CheckedCatalog(sources).compile().bytes else { return [JournalBench.failedRow(name, "the catalog does not compile")] }
        // The runner removes the scratch folder's files, not folders in it.
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var paths: [String] = []
            var bytes = 0
            for i in 0..<count {
                let path = folder + "/" + FleetSimulation.journalName(i)
                try generate(path: path, records: perJournal, seed: UInt64(i))
                bytes += (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                paths.append(path)
            }
            let replay = JournalReplay(bundle: bundle, catalog: FleetSimulation.catalog)
            var folded: [(seconds: Double, heap: Int)] = []
            var read: [(seconds: Double, heap: Int)] = []
            var report: Report?
            var records = 0
            for _ in 0..<runs {
                folded.append(try CLIBench.measure {
                    var reader = JournalReportReader(replay: replay)
                    for path in paths { reader.read(journalAt: path) }
                    check(reader.problems.isEmpty, "\(name): \(reader.problems.prefix(3))")
                    records = reader.records
                    report = reader.aggregator.report
                })
                read.append(try CLIBench.measure {
                    var n = 0
                    for path in paths {
                        let stream = try JournalRecordStream(path: path)
                        for _ in stream { n += 1 }
                    }
                    check(n == records, "\(name): the reader saw \(n) records, the replay \(records)")
                })
            }
            check(records == count * perJournal, "\(name): \(records) records replayed")
            let runner = context.runner
            let s = runner.median(folded.map(\.seconds)), bs = runner.median(read.map(\.seconds))
            let heap = folded.map(\.heap).max() ?? 0, baseHeap = read.map(\.heap).max() ?? 0
            var row = BenchResult(name: name, nsPerOp: s * 1e9 / Double(records), baseline: "read records",
                                  baselineNsPerOp: bs * 1e9 / Double(records))
            row.extra = [("journals", .double(Double(count))), ("records", .double(Double(records))),
                         ("bytes", .double(Double(bytes))), ("events", .double(Double(report?.read ?? 0))),
                         ("seconds", .double((s * 1000).rounded() / 1000)),
                         ("baseline_seconds", .double((bs * 1000).rounded() / 1000)),
                         ("peak_heap_bytes", .double(Double(heap))), ("baseline_peak_heap_bytes", .double(Double(baseHeap)))]
            row.note = "\(formatDecimal(s, places: 2)) s, peak heap +\(heap >> 20) MiB, \(report?.read ?? 0) events; "
                + "reading \(formatDecimal(bs, places: 2)) s, +\(baseHeap >> 20) MiB"
            return [row]
        } catch {
            return [JournalBench.failedRow(name, "\(error)")]
        }
    }

    /// A device's journal of `records` records over a few weeks of the fleet's catalog:
    /// sessions of saves, a presentation of one of its tips ended one of several ways,
    /// shares and searches, and an occasional close button.
    static func generate(path: String, records: Int, seed: UInt64) throws {
        JournalPlatform.removeFile(path)
        var options = JournalOptions()
        options.autoCompactBytes = nil
        options.io = .noSync
        let start: Int64 = 1_767_571_200_000
        options.now = { start }
        let journal = try Journal.open(at: path, durability: .batched(maxRecords: 8192, maxDelayMs: 60_000),
                                       locking: .none, options: options)
        var random = SeededGenerator(seed: seed)
        var at = start + Int64.random(in: 0..<3_600_000, using: &random)
        var written = 0
        let tips = ["SearchTip", "ShareTip", "ProTip"]
        func append(_ record: JournalRecord) throws {
            guard written < records else { return }
            _ = try journal.append(record)
            written += 1
        }
        while written < records {
            at += Int64.random(in: 600_000...14_400_000, using: &random)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                at += Int64.random(in: 1_000...60_000, using: &random)
                try append(.donate(event: "noteSaved", at: at, payload: [:]))
            }
            let tip = tips[Int.random(in: 0..<tips.count, using: &random)]
            try append(.displayBegan(tip: tip, at: at + 1_000))
            at += Int64.random(in: 2_000...120_000, using: &random)
            if Int.random(in: 0..<50, using: &random) == 0 { try append(.invalidate(tip: tip, reason: "tipClosed", at: at)) }
            try append(.displayEnded(tip: tip, at: at))
            if Int.random(in: 0..<3, using: &random) == 0 {
                at += Int64.random(in: 60_000...3_600_000, using: &random)
                try append(.donate(event: "noteShared", at: at, payload: ["viaLink": .bool(Bool.random(using: &random))]))
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                at += Int64.random(in: 60_000...3_600_000, using: &random)
                try append(.donate(event: "searchUsed", at: at, payload: [:]))
            }
        }
        try journal.close()
    }
}
