import Foundation

/// The embedded state journal: one JSON line per state change, crash-safe, shareable by
/// several processes. See Docs/journal.md for the format and the exact guarantees.
///
/// All methods are thread-safe (one internal mutex); cross-process safety comes from the
/// `.processes` lock. Typical use:
///
///     let journal = try Journal.open(at: path)
///     try journal.append(.donate(event: "manualSave", at: now, payload: [:]))
///     let donations = journal.state.donations["manualSave"]
public final class Journal: @unchecked Sendable {
    /// The journal file, as given (messages name it).
    public let path: String
    /// The file `path` really names (links resolved at open): every lock, read, write,
    /// temp file and rename uses it, so a link and its target are one journal.
    public let filePath: String
    /// Where compaction and repairs keep the bytes of lines they remove.
    public var corruptPath: String { filePath + ".corrupt" }
    /// When appends are acknowledged.
    public let durability: Durability
    /// How processes are kept apart.
    public let locking: JournalLocking
    let options: JournalOptions
    let lockPath: String

    // Everything below is guarded by `mutex`.
    let mutex = NSLock()
    var fd: Int32 = -1
    var lockFD: Int32 = -1
    var fileID: JournalPlatform.FileID?
    /// File offset just past the last complete line this object has read or written.
    var readOffset = 0
    /// Lines up to `readOffset`, header included: the base for reported line numbers.
    var linesRead = 0
    var lastSeq: UInt64 = 0
    var created: Int64 = 0
    /// The instant in the header: when the journal was first created (compaction and
    /// restores keep it), which rules read as the app's install time.
    public var createdAt: Int64 { created }
    /// Offset just past the header line.
    var headerEnd = 0
    /// Whether this object has yet to fsync the journal's directory for the file it has
    /// open. Opening creates a file (its header unsynced) without waiting for the disk;
    /// the first append syncs the directory, then its records with the header. Any writer
    /// does so once per file it follows, not only the one that created it: another
    /// process's new file may not have its directory entry on disk yet, and a record
    /// acknowledged in a file whose name a power loss takes would be lost.
    var directoryUnsynced = true
    /// State of every record in the file up to `readOffset`.
    var committed = JournalState()
    /// Batched mode: encoded records not yet written.
    var pending: [(body: [UInt8], record: JournalRecord)] = []
    var flushScheduled = false
    /// A timer-driven flush failure, thrown by the next call.
    var deferredError: JournalError?
    var compactedSize = 0
    /// Corrupted lines in the file as it is now (not earlier files): compaction copies them
    /// to `<journal>.corrupt` before it rewrites the journal without them.
    var corruptedInFile: [JournalReport.CorruptedLine] = []
    var cachedView: (key: ViewKey, state: JournalState)?
    var isClosed = false
    var currentReport: JournalReport
    var acknowledged = 0
    var compactionError: JournalError?
    /// The largest single read so far: replay memory is bounded by it (tests check it).
    var peakReadBytes = 0
    var restoreHandler: (@Sendable (JournalRestoration) -> Void)?
    let timerQueue = DispatchQueue(label: "tips.journal.flush")

    init(path: String, durability: Durability, locking: JournalLocking, options: JournalOptions) {
        self.path = path
        self.filePath = JournalPlatform.resolvedPath(path)
        self.durability = durability
        self.locking = locking
        self.options = options
        self.lockPath = filePath + ".lock"
        self.currentReport = JournalReport(path: path)
    }

    /// Opens (creating if missing) the journal at `path` and replays it.
    ///
    /// A torn last line is cut off and reported; corrupted lines elsewhere are reported,
    /// skipped and left in the file. Throws for a missing or unknown header (the file is
    /// left untouched) and for I/O failures.
    public static func open(at path: String, durability: Durability = .synced,
                            locking: JournalLocking = .processes,
                            options: JournalOptions = JournalOptions()) throws(JournalError) -> Journal {
        // A full quota must surface as EFBIG, not kill the process.
        JournalPlatform.ignoreFileSizeSignal()
        let j = Journal(path: path, durability: durability, locking: locking, options: options)
        do {
            try j.withFileLock { () throws(JournalError) in
                j.removeStaleCompactionFiles()
                try j.reloadFromScratch()
            }
        } catch {
            j.closeDescriptors()
            throw error
        }
        j.compactedSize = j.readOffset
        return j
    }

    deinit {
        // Best effort: a dropped journal still writes what it queued. Errors can't be
        // reported from here; call close() to see them.
        if !isClosed, !pending.isEmpty { try? flushLocked() }
        closeDescriptors()
    }

    /// The state of all records: those in the file plus (batched mode) this process's
    /// queued ones, applied after them.
    public var state: JournalState {
        mutex.lock(); defer { mutex.unlock() }
        if pending.isEmpty { return committed }
        // Applying the queue copies parts of the state, so the result is cached until the
        // file or the queue changes (the runtime may read the state once per evaluation).
        let key = ViewKey(offset: readOffset, file: fileID, seq: lastSeq, pending: pending.count)
        if let cached = cachedView, cached.key == key { return cached.state }
        let view = committed.applying(pending.map(\.record))
        cachedView = (key, view)
        return view
    }

    /// What `state` was computed from: any append, flush, catch-up or compaction changes it.
    struct ViewKey: Equatable {
        var offset: Int
        var file: JournalPlatform.FileID?
        var seq: UInt64
        var pending: Int
    }

    /// The state of the records in the file only (acknowledged or read from others).
    public var committedState: JournalState {
        mutex.lock(); defer { mutex.unlock() }
        return committed
    }

    /// What open and later tail-following found: repairs and corrupted lines.
    public var report: JournalReport {
        mutex.lock(); defer { mutex.unlock() }
        return currentReport
    }

    /// Records this object has appended and that are acknowledged (durable).
    public var acknowledgedCount: Int {
        mutex.lock(); defer { mutex.unlock() }
        return acknowledged
    }

    /// Called with each restoration (the file deleted, replaced or cut short while open and
    /// written again: see `JournalRestoration`), on a global dispatch queue, never under the
    /// journal's lock. `report.restorations` lists them too.
    public var onRestore: (@Sendable (JournalRestoration) -> Void)? {
        get { mutex.lock(); defer { mutex.unlock() }; return restoreHandler }
        set { mutex.lock(); restoreHandler = newValue; mutex.unlock() }
    }

    /// Records queued in batched mode, not yet acknowledged.
    public var pendingCount: Int {
        mutex.lock(); defer { mutex.unlock() }
        return pending.count
    }

    /// The highest sequence number in the file as last read.
    public var lastSequence: UInt64 {
        mutex.lock(); defer { mutex.unlock() }
        return lastSeq
    }

    /// The current file size as this object last saw it.
    public var fileSize: Int {
        mutex.lock(); defer { mutex.unlock() }
        return readOffset
    }

    /// The failure of the last automatic compaction, if it failed (the appends that
    /// triggered it still succeeded). Cleared by the next successful compaction.
    public var lastCompactionError: JournalError? {
        mutex.lock(); defer { mutex.unlock() }
        return compactionError
    }

    /// Appends one record.
    ///
    /// Synced: returns its sequence number once the line is written and fsynced: the record
    /// is acknowledged. Batched: queues it and returns nil, unless this append filled the
    /// batch and flushed it, in which case it returns the sequence number (acknowledged).
    /// On error nothing of the record is in the file and it's not acknowledged; in batched
    /// mode an I/O error comes from the flush this append triggered, and the queue
    /// (this record included) stays queued for the next `flush()`.
    @discardableResult
    public func append(_ record: JournalRecord) throws(JournalError) -> UInt64? {
        try append(contentsOf: [record])
    }

    /// Appends records as one group: in synced mode one write and one fsync, all or none.
    /// Returns the last record's sequence number when acknowledged, as `append` does.
    @discardableResult
    public func append(contentsOf records: [JournalRecord]) throws(JournalError) -> UInt64? {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        guard !records.isEmpty else { return nil }
        let encoded = try encode(records)
        switch durability {
        case .synced:
            let seq = try writeBatch(encoded)
            maybeAutoCompact()
            return seq
        case .batched(let maxRecords, let maxDelayMs):
            pending.append(contentsOf: encoded)
            if pending.count >= max(1, maxRecords) {
                let seq = try writeBatch(pending)
                pending.removeAll(keepingCapacity: true)
                maybeAutoCompact()
                return seq
            }
            // Usually starts the timer for a new batch; also restarts it after a timer
            // flush failed, so queued records never wait for the batch to fill.
            scheduleFlush(afterMs: maxDelayMs)
            return nil
        }
    }

    /// Writes and fsyncs every queued record; when it returns they are acknowledged. On
    /// error none of them is in the file and they stay queued (flush again to retry, or
    /// `discardPending()`). Also makes sure the path still names this journal's file: one
    /// deleted or replaced since the last append is written again (`checkFile()`).
    public func flush() throws(JournalError) {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        try flushLocked()
        try checkFileLocked()
    }

    /// Makes sure the path still names the file this object reads and writes. A file
    /// deleted, renamed away, replaced or cut short since this object last looked gets the
    /// journal's state written again (a `JournalRestoration`); a compaction by another
    /// writer is followed. Costs one stat(2) when nothing changed. Appends, `refresh()`,
    /// `flush()` and `close()` do this anyway.
    public func checkFile() throws(JournalError) {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        try checkFileLocked()
    }

    /// Drops queued records (batched mode) after a flush failure the caller gives up on.
    public func discardPending() {
        mutex.lock(); defer { mutex.unlock() }
        pending.removeAll()
        deferredError = nil
        // The only change of the queue that can leave the cache key as it was.
        cachedView = nil
    }

    /// Reads records other processes appended (or a compaction they did) since this object
    /// last looked. Returns true if the state may have changed.
    @discardableResult
    public func refresh() throws(JournalError) -> Bool {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        let before = (readOffset, fileID)
        try withFileLock { () throws(JournalError) in try catchUp() }
        return before.0 != readOffset || before.1 != fileID
    }

    /// Rewrites the journal as a snapshot of its state (less what `policy` drops),
    /// atomically: temp file, fsync, rename, directory fsync, under the lock.
    public func compact(policy: CompactionPolicy = .keepAll) throws(JournalError) {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        try flushLocked()
        try compactLocked(policy: policy)
    }

    /// Flushes queued records, makes sure the path still names this journal's file (as
    /// `checkFile()`), and closes the file. Further calls throw `.closed`.
    public func close() throws(JournalError) {
        mutex.lock(); defer { mutex.unlock() }
        guard !isClosed else { return }
        defer {
            isClosed = true
            closeDescriptors()
        }
        try flushLocked()
        try checkFileLocked()
    }

    /// True when a timer-driven flush failed and its error awaits the next call (tests).
    var hasDeferredError: Bool {
        mutex.lock(); defer { mutex.unlock() }
        return deferredError != nil
    }

    // MARK: - Internals (mutex held)

    func checkUsable() throws(JournalError) {
        if isClosed { throw JournalError(.closed, path: path, operation: "use") }
        if let e = deferredError {
            deferredError = nil
            throw e
        }
    }

    /// The lines of `records` without their sequence numbers, refusing any a reader would
    /// take for damage.
    func encode(_ records: [JournalRecord]) throws(JournalError) -> [(body: [UInt8], record: JournalRecord)] {
        var encoded: [(body: [UInt8], record: JournalRecord)] = []
        encoded.reserveCapacity(records.count)
        for r in records {
            let body = try LineEncoder.recordBody(r, path: path)
            // Readers treat longer lines as damage; `{"seq":N,` and the crc add at most 47.
            guard body.count + 47 <= options.maxLineBytes else {
                throw JournalError(.invalidValue, path: path, operation: "append",
                                   detail: "the record is \(body.count) bytes; a line holds at most \(options.maxLineBytes)")
            }
            encoded.append((body, r))
        }
        return encoded
    }

    /// `checkFile()` with the mutex held: the lock is taken only when the path's file or
    /// size is not what this object last saw.
    func checkFileLocked() throws(JournalError) {
        if fd >= 0, let now = JournalPlatform.fileID(path: filePath), now == fileID,
           JournalPlatform.fileSize(fd) >= readOffset { return }
        try withFileLock { () throws(JournalError) in try catchUp() }
    }

    func flushLocked() throws(JournalError) {
        guard !pending.isEmpty else { return }
        _ = try writeBatch(pending)
        pending.removeAll(keepingCapacity: true)
        maybeAutoCompact()
    }

    func scheduleFlush(afterMs delay: Int) {
        guard !flushScheduled else { return }
        flushScheduled = true
        timerQueue.asyncAfter(deadline: .now() + .milliseconds(max(0, delay))) { [weak self] in
            self?.timerFired()
        }
    }

    func timerFired() {
        mutex.lock(); defer { mutex.unlock() }
        flushScheduled = false
        guard !isClosed, !pending.isEmpty else { return }
        do {
            try flushLocked()
        } catch {
            deferredError = error
        }
    }

    func maybeAutoCompact() {
        guard let limit = options.autoCompactBytes,
              readOffset > max(limit, compactedSize.multipliedReportingOverflow(by: 2).partialValue) else { return }
        do {
            try compactLocked(policy: options.compactionPolicy)
            compactionError = nil
        } catch {
            compactionError = error
            // Don't retry on every append: wait for the file to grow as much again.
            compactedSize = readOffset
        }
    }

    func closeDescriptors() {
        if fd >= 0 { JournalPlatform.closeFile(fd); fd = -1 }
        if lockFD >= 0 { JournalPlatform.closeFile(lockFD); lockFD = -1 }
    }
}
