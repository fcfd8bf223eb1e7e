import TipsJournal

/// Workloads for `tips-bench` (journal.append.batched, journal.append.synced,
/// journal.replay.1m) and for scripts/journal-replay-python.sh.
public enum JournalBenchmarks {
    /// A typical donation: three payload fields, about 130 bytes on disk.
    public static func sampleRecord(_ i: Int) -> JournalRecord {
        .donate(event: "manualSave", at: 1_767_225_600_000 &+ Int64(i) &* 1000,
                payload: ["kind": .enumCase(i % 3 == 0 ? "pro" : "free"),
                          "n": .int(Int64(i)),
                          "price": .double(Double(i % 1000) / 100)])
    }

    /// Appends `records` sample records in batched mode (batches of `batch`, flushed with
    /// fsync) to a fresh journal at `path`; returns records per second.
    public static func appendBatched(path: String, records: Int, batch: Int = 256) throws(JournalError) -> Double {
        try appendRate(path: path, records: records, durability: .batched(maxRecords: batch, maxDelayMs: 1000))
    }

    /// Appends `records` sample records in synced mode (write + fsync each); returns
    /// records per second.
    public static func appendSynced(path: String, records: Int) throws(JournalError) -> Double {
        try appendRate(path: path, records: records, durability: .synced)
    }

    static func appendRate(path: String, records: Int, durability: Durability) throws(JournalError) -> Double {
        JournalPlatform.removeFile(path)
        var options = JournalOptions()
        options.autoCompactBytes = nil
        let j = try Journal.open(at: path, durability: durability, options: options)
        let start = JournalPlatform.monotonicNanoseconds()
        for i in 0..<records { try j.append(sampleRecord(i)) }
        try j.close()
        let seconds = Double(JournalPlatform.monotonicNanoseconds() &- start) / 1e9
        return Double(records) / max(seconds, 1e-9)
    }

    /// Writes a fresh journal of `lines` sample records (no fsync per batch: it's test data).
    public static func generate(path: String, lines: Int) throws(JournalError) {
        JournalPlatform.removeFile(path)
        var options = JournalOptions()
        options.autoCompactBytes = nil
        options.io = .noSync
        let j = try Journal.open(at: path, durability: .batched(maxRecords: 8192, maxDelayMs: 60_000),
                                 locking: .none, options: options)
        for i in 0..<lines { try j.append(sampleRecord(i)) }
        try j.close()
    }

    /// Opens (replays) the journal at `path`; returns the records read, the seconds taken
    /// and the calling thread's CPU seconds in that time (replay runs on the calling
    /// thread, so on a loaded machine the CPU time is the steadier figure).
    ///
    /// `fastPath: false` reads every line with the general decoder and folds with the
    /// general reducer, as replay did before its fast path: the baseline it is measured
    /// against. Both give the same state.
    public static func replay(path: String, fastPath: Bool = true) throws(JournalError)
        -> (records: Int, seconds: Double, cpuSeconds: Double) {
        var options = JournalOptions()
        options.autoCompactBytes = nil
        options.fastReplay = fastPath
        let start = JournalPlatform.monotonicNanoseconds()
        let cpuStart = JournalPlatform.threadCPUNanoseconds()
        let j = try Journal.open(at: path, locking: .none, options: options)
        let cpu = Double(JournalPlatform.threadCPUNanoseconds() &- cpuStart) / 1e9
        let seconds = Double(JournalPlatform.monotonicNanoseconds() &- start) / 1e9
        let n = j.report.records
        try j.close()
        return (n, seconds, cpu)
    }
}
