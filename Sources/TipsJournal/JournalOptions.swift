/// When a record counts as acknowledged (durable).
public enum Durability: Sendable, Hashable {
    /// Each `append` writes its line and fsyncs before returning: returned = durable.
    case synced
    /// `append` queues in memory; records become durable when `flush()` returns, or when
    /// the queue auto-flushes at `maxRecords` records or `maxDelayMs` after the first
    /// queued record. A crash loses queued records only.
    case batched(maxRecords: Int, maxDelayMs: Int)
}

/// How writers in different processes are kept apart.
public enum JournalLocking: Sendable, Hashable {
    /// `flock` on the sidecar file `<journal>.lock`, held around every append batch,
    /// tail-follow, repair and compaction. Use whenever more than one process may write.
    case processes
    /// No file lock: the caller promises a single writer process.
    case none
}

/// The rest of the knobs of `Journal.open`.
public struct JournalOptions: Sendable {
    /// Compact automatically when the file grows past this many bytes (nil: never). To
    /// avoid compacting after every append when the state itself is big, the threshold is
    /// at least twice the size right after the previous compaction.
    public var autoCompactBytes: Int? = 4 << 20
    /// What automatic compaction may drop.
    public var compactionPolicy: CompactionPolicy = .keepAll
    /// The clock for headers and compaction ages (ms since the epoch).
    public var now: @Sendable () -> Int64 = { JournalPlatform.nowMilliseconds() }
    /// The writer's system calls (tests inject failures).
    public var io: JournalIO = .system
    /// Replay reads the file in chunks of this size (tests shrink it to cross boundaries).
    var readChunkBytes = 4 << 20
    /// Lines longer than this are damage (the writer never writes one), skipped without
    /// being held in memory (tests shrink it).
    var maxLineBytes = JournalFormat.maximumLineBytes
    /// Replay tries `ReplayDecoder` and `ReplayFold` first; false reads every line with
    /// the general `LineDecoder` and folds with `JournalState.applyDeferringSort` (the
    /// benchmark's baseline; the results are the same).
    package var fastReplay = true

    public init() {}
}
