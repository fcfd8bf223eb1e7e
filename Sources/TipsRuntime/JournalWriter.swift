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
    /// group commit it waited for if that failed (the records stay queued).
    func flush() throws(TipStoreError) {
        if let error = queue.sync(execute: { writeQueued() }) { throw error }
    }

    /// `flush()` without blocking a thread.
    func flushed() async throws(TipStoreError) {
        let error: TipStoreError? = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.writeQueued()) }
        }
        if let error { throw error }
    }

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
