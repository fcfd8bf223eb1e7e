import Dispatch
import TipsJournal

/// The store's background writer (`.asynchronous` and `.batched` durability).
///
/// Store calls apply their records in memory and queue them here under the store's lock,
/// so the queue holds them in the order they were applied. A serial dispatch queue appends
/// them to a synced journal in groups: everything queued when a group commit starts goes
/// out as one write and one fsync (a group commit), and records queued meanwhile wait for
/// the next one. No store call waits for the disk; `flush()` does.
///
/// A group commit starts when `maxRecords` are queued (at once when the writer is idle,
/// else right after the running one), or `maxDelayMs` after the first record queued since
/// the last start, whichever comes first. A failed group commit keeps its records at the
/// head of the queue (nothing of a failed append is in the file, so a retry can't write a
/// record twice); the next group commit, `flush()` or `close()` tries them again.
///
/// Everything else that waits for the disk runs on the same queue (`perform`): export,
/// merge, refresh and compaction, so that no store call holds the store's lock across an
/// fsync. On the queue no group commit is in flight, so the file holds exactly the records
/// written so far and `queuedRecords` the rest, in order: a block there may take the
/// store's lock to bring memory up to date. Lock order: this queue, then the store's lock,
/// then `state`, then the journal's mutex; nothing holding the store's lock waits for this
/// queue.
final class JournalWriter: Sendable {
    private struct State {
        var queue: [JournalRecord] = []
        /// Records taken by the group commit now writing.
        var inFlight = 0
        var kicked = false
        var timerArmed = false
        var lastError: TipStoreError?
        var onError: (@Sendable (TipStoreError) -> Void)?
        var groupCommits = 0
    }

    let journal: Journal
    let maxRecords: Int
    let maxDelayMs: Int
    private let state = RuntimeLock(State())
    private let queue = DispatchQueue(label: "tips.store.journal-writer")

    init(journal: Journal, maxRecords: Int, maxDelayMs: Int) {
        self.journal = journal
        self.maxRecords = max(1, maxRecords)
        // Clamped so that no delay can overflow a dispatch time (about 24.8 days at most).
        self.maxDelayMs = min(max(0, maxDelayMs), Int(Int32.max))
    }

    /// Queues `records` (one store call's group) and makes sure a group commit will start.
    /// Cheap and non-blocking: callable under the store's lock.
    func enqueue(_ records: [JournalRecord]) {
        guard !records.isEmpty else { return }
        let (kick, arm) = state.withLock { s -> (Bool, Bool) in
            s.queue += records
            if s.queue.count >= maxRecords || maxDelayMs == 0 {
                if s.kicked { return (false, false) }
                s.kicked = true
                return (true, false)
            }
            if s.timerArmed || s.kicked { return (false, false) }
            s.timerArmed = true
            return (false, true)
        }
        if kick {
            queue.async { [weak self] in
                self?.state.withLock { $0.kicked = false }
                _ = self?.writeQueued()
            }
        }
        if arm {
            queue.asyncAfter(deadline: .now() + .milliseconds(maxDelayMs)) { [weak self] in
                self?.state.withLock { $0.timerArmed = false }
                _ = self?.writeQueued()
            }
        }
    }

    /// Blocks until every record queued before the call is durable; throws the error of the
    /// group commit it waited for if that failed (the records stay queued). With nothing
    /// queued, makes sure the journal's file is still there (`Journal.checkFile()`).
    func flush() throws(TipStoreError) {
        if let error = queue.sync(execute: { writeQueuedOrCheck() }) { throw error }
    }

    /// `flush()` without blocking a thread.
    func flushed() async throws(TipStoreError) {
        let error: TipStoreError? = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.writeQueuedOrCheck()) }
        }
        if let error { throw error }
    }

    /// Runs `body` on the writer's queue, after a group commit of everything queued when
    /// `writingQueued` is true (its failure is thrown and `body` doesn't run). Blocks the
    /// caller, never under the store's lock.
    func perform<T: Sendable>(writingQueued: Bool,
                              _ body: (Journal) throws(TipStoreError) -> T) throws(TipStoreError) -> T {
        let result: Result<T, TipStoreError> = queue.sync {
            if writingQueued, let error = writeQueued() { return .failure(error) }
            do throws(TipStoreError) { return .success(try body(journal)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The records queued and not yet written. Inside `perform` (no group commit in
    /// flight), and read under the store's lock (nothing being queued), these are exactly
    /// the changes memory holds that the file doesn't.
    var queuedRecords: [JournalRecord] { state.withLock { $0.queue } }

    /// Records queued or being written, not yet durable.
    var pendingCount: Int { state.withLock { $0.queue.count + $0.inFlight } }

    /// The error of the last group commit if it failed; nil once one succeeds.
    var lastError: TipStoreError? { state.withLock { $0.lastError } }

    /// Group commits completed (for tests and the benchmark).
    var groupCommits: Int { state.withLock { $0.groupCommits } }

    /// Called (on a global queue, never under a lock) with every failed group commit.
    var onError: (@Sendable (TipStoreError) -> Void)? {
        get { state.withLock { $0.onError } }
        set { state.withLock { $0.onError = newValue } }
    }

    /// A group commit, or with nothing queued a check that the file is still the journal's
    /// (one deleted since the last group commit is written again). Runs on `queue` only.
    private func writeQueuedOrCheck() -> TipStoreError? {
        if state.withLock({ $0.queue.isEmpty }) {
            do { try journal.checkFile() } catch {
                // A closed journal has nothing left to check (flush after close).
                return error.kind == .closed ? nil : TipStoreError(.journal, "journal: \(error)")
            }
            return nil
        }
        return writeQueued()
    }

    /// One group commit: everything queued now, one append. Runs on `queue` only.
    private func writeQueued() -> TipStoreError? {
        let batch = state.withLock { s -> [JournalRecord] in
            defer { s.queue = [] }
            s.inFlight = s.queue.count
            return s.queue
        }
        guard !batch.isEmpty else { return nil }
        do {
            try journal.append(contentsOf: batch)
            state.withLock { s in
                s.inFlight = 0
                s.lastError = nil
                s.groupCommits += 1
            }
            return nil
        } catch {
            let failure = TipStoreError(.journal, "journal: \(error)")
            let handler = state.withLock { s -> (@Sendable (TipStoreError) -> Void)? in
                s.queue = batch + s.queue
                s.inFlight = 0
                s.lastError = failure
                return s.onError
            }
            // Never from this queue: a handler that flushes would wait for itself.
            if let handler { DispatchQueue.global().async { handler(failure) } }
            return failure
        }
    }
}
