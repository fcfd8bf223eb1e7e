// journal-crash-writer: the process the crash harness kills, plus generator, replay and
// append-rate modes for benchmarks. Prints each acknowledged record's counter on its own
// line, only after the journal acknowledged it (fsync in synced mode, flush in batched).
// `store` is the same for a TipStore in its default asynchronous mode, and
// `harness-async` the harness that kills it (scripts/journal-crash-async.sh).
import Foundation
import TipsBenchSupport
import TipsJournal

let usage = """
    usage: journal-crash-writer append --path FILE [--mode synced|batched] [--batch N]
                                [--count N] [--writer ID] [--rlimit BYTES] [--no-lock]
                                [--compact-bytes N] [--torn-writes]
           journal-crash-writer check --path FILE (--writer ID --acked N | --ledger FILE)
           journal-crash-writer store --path FILE --writer ID --log FILE [--flood | --pace-ms N]
                                [--flush-ms N] [--count N]
           journal-crash-writer harness-async --dir DIR [--kills N] [--seed N] [--flood]
                                [--fresh-every N]
           journal-crash-writer generate --path FILE --lines N
           journal-crash-writer replay FILE
           journal-crash-writer bench --dir DIR [--records N]
    """

/// Parsed `--name value` flags.
struct Flags {
    var values: [String: String] = [:]
    var switches: Set<String> = []

    init(_ args: ArraySlice<String>) {
        var it = args.makeIterator()
        while let a = it.next() {
            guard a.hasPrefix("--") else { continue }
            let name = String(a.dropFirst(2))
            if name == "no-lock" || name == "torn-writes" || name == "flood" { switches.insert(name); continue }
            values[name] = it.next() ?? ""
        }
    }

    func int(_ name: String, _ fallback: Int) -> Int { values[name].flatMap { Int($0) } ?? fallback }
}

func out(_ s: String) {
    FileHandle.standardOutput.write(Data(s.utf8))
}

func fail(_ s: String) -> Never {
    FileHandle.standardError.write(Data("journal-crash-writer: \(s)\n".utf8))
    exit(1)
}

let args = CommandLine.arguments
guard args.count >= 2 else { fail(usage) }
let flags = Flags(args.dropFirst(2))

switch args[1] {
case "append":
    guard let path = flags.values["path"] else { fail(usage) }
    let count = flags.int("count", Int.max)
    let writer = flags.values["writer"] ?? "w"
    let batch = flags.int("batch", 8)
    let durability: Durability = flags.values["mode"] == "batched"
        ? .batched(maxRecords: batch, maxDelayMs: 1_000_000) : .synced
    if let limit = flags.values["rlimit"].flatMap({ UInt64($0) }) {
        let rc = JournalPlatform.setFileSizeLimit(limit)
        if rc != 0 { fail("setrlimit: \(JournalPlatform.errorText(rc))") }
    }
    var options = JournalOptions()
    options.autoCompactBytes = flags.values["compact-bytes"].flatMap { Int($0) }
    if flags.switches.contains("torn-writes") {
        // Each write(2) stops halfway through the buffer and pauses, so a kill lands
        // mid-line far more often than a real one would: it exercises the repair of torn
        // tails by the next writer, under the lock.
        options.io = JournalIO(
            write: { fd, bytes in
                guard bytes.count > 1 else { return JournalIO.system.write(fd, bytes) }
                let n = JournalIO.system.write(fd, UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count / 2)]))
                Thread.sleep(forTimeInterval: 0.0005)
                return n
            },
            fsync: JournalIO.system.fsync)
    }
    let journal: Journal
    do {
        journal = try Journal.open(at: path, durability: durability,
                                   locking: flags.switches.contains("no-lock") ? .none : .processes,
                                   options: options)
    } catch {
        fail("open: \(error)")
    }
    var acked = 0
    var i = 0
    while i < count {
        do {
            try journal.append(.donate(event: "crash", at: JournalPlatform.nowMilliseconds(),
                                       payload: ["n": .int(Int64(i)), "w": .string(writer)]))
            i += 1
            if i == count { try journal.flush() }
        } catch {
            fail("append: \(error)")
        }
        // Everything up to acknowledgedCount is durable now: report it.
        let now = journal.acknowledgedCount
        if now > acked {
            out((acked..<now).map { "\($0)\n" }.joined())
            acked = now
        }
    }
    do { try journal.close() } catch { fail("close: \(error)") }
case "check":
    // Verifies a journal after kills: nothing corrupted, at most the last line torn, and
    // each writer's counters 0..<m in order with m at least what it acknowledged.
    guard let path = flags.values["path"] else { fail(usage) }
    var expected: [(String, Int)] = []
    if let writer = flags.values["writer"] { expected.append((writer, flags.int("acked", 0))) }
    if let ledger = flags.values["ledger"] {
        let text = (try? String(contentsOfFile: ledger, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let n = Int(parts[1]) { expected.append((String(parts[0]), n)) }
        }
    }
    let entries: [JournalEntry]
    let report: JournalReport
    do {
        (entries, report) = try Journal.readEntries(at: path)
    } catch {
        fail("check: \(error)")
    }
    if !report.corruptedLines.isEmpty { fail("check: corrupted lines \(report.corruptedLines)") }
    if report.repairs.count > 1 { fail("check: more than one torn line \(report.repairs)") }
    var byWriter: [String: [Int64]] = [:]
    for e in entries {
        if case .donate("crash", _, let payload) = e.record, case .string(let w)? = payload["w"],
           case .int(let n)? = payload["n"] {
            byWriter[w, default: []].append(n)
        }
    }
    for (writer, acked) in expected {
        let got = byWriter[writer] ?? []
        if got != (0..<Int64(got.count)).map({ $0 }) { fail("check: \(writer): lost, duplicated or reordered records") }
        if got.count < acked { fail("check: \(writer): acknowledged \(acked), found \(got.count)") }
    }
    out("ok records \(entries.count) torn \(report.repairs.count)\n")
case "generate":
    guard let path = flags.values["path"] else { fail(usage) }
    do {
        try JournalBenchmarks.generate(path: path, lines: flags.int("lines", 1_000_000))
    } catch {
        fail("generate: \(error)")
    }
case "replay":
    guard args.count >= 3 else { fail(usage) }
    do {
        let r = try JournalBenchmarks.replay(path: args[2])
        out("records \(r.records) seconds \(String(format: "%.3f", r.seconds)) rate \(Int(Double(r.records) / r.seconds))/s\n")
    } catch {
        fail("replay: \(error)")
    }
case "bench":
    let dir = flags.values["dir"] ?? NSTemporaryDirectory()
    let records = flags.int("records", 100_000)
    do {
        let batched = try JournalBenchmarks.appendBatched(path: dir + "/bench-batched.jsonl", records: records)
        out("journal.append.batched \(Int(batched)) records/s (\(records) records, batches of 256, fsync per batch)\n")
        let syncedCount = max(1, records / 50)
        let synced = try JournalBenchmarks.appendSynced(path: dir + "/bench-synced.jsonl", records: syncedCount)
        out("journal.append.synced \(Int(synced)) records/s (\(syncedCount) records, fsync each)\n")
    } catch {
        fail("bench: \(error)")
    }
case "store":
    guard let path = flags.values["path"], let log = flags.values["log"] else { fail(usage) }
    do {
        try StoreWriter.run(path: path, writer: flags.values["writer"] ?? "w", log: log,
                            flood: flags.switches.contains("flood"), paceMs: flags.int("pace-ms", 10),
                            flushMs: flags.int("flush-ms", 50), count: flags.int("count", Int.max))
    } catch {
        fail("store: \(error)")
    }
case "harness-async":
    guard let dir = flags.values["dir"] else { fail(usage) }
    let flood = flags.switches.contains("flood")
    let executable = Bundle.main.executablePath ?? args[0]
    let started = JournalPlatform.monotonicNanoseconds()
    do {
        let runs = try AsyncHarness.run(executable: executable, dir: dir, kills: flags.int("kills", 100),
                                        seed: UInt64(flags.int("seed", 1)), flood: flood,
                                        freshEvery: max(1, flags.int("fresh-every", 50)))
        let active = runs.filter { $0.donated > 0 }
        let seconds = Double(JournalPlatform.monotonicNanoseconds() - started) / 1e9
        out("\(flood ? "flood" : "paced (one donation per 10 ms)"): \(runs.count) kills in \(String(format: "%.0f", seconds)) s, "
            + "\(active.count) while donating; \(runs.reduce(0) { $0 + $1.acknowledged }) acknowledged records, 0 lost; "
            + "\(runs.reduce(0) { $0 + $1.donated }) donated\n")
        out("  unacknowledged records lost per kill: \(AsyncHarness.summary(active.map(\.lostRecords)))\n")
        out("  milliseconds of donations lost per kill: \(AsyncHarness.summary(active.map(\.lostMs)))\n")
    } catch {
        fail("harness-async: \(error)")
    }
default:
    fail(usage)
}
