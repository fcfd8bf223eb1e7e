import TipsJournal

/// Durability and journal housekeeping.
extension TipStore {
    /// Blocks until every change made before the call is durable (written and fsynced):
    /// waits for the background writer's group commit (one fsync; on Apple platforms an
    /// `F_FULLFSYNC`). Throws `journal` with the write's error if it failed; the records
    /// stay queued (and applied in memory), and the next group commit, `flush()` or
    /// `close()` writes them. Synced and in-memory stores: nothing to wait for. Also makes
    /// sure the journal file is still there: one deleted or replaced since the last write
    /// gets the store's state again (see `onJournalRestored`). When it returns the store
    /// holds no file lock. Call it where losing the last moments matters, e.g. when the app
    /// moves to the background; `flushed()` is the same without blocking a thread.
    public func flush() throws(TipStoreError) {
        switch persistence {
        case .background(let writer): try writer.flush()
        case .synced(let journal):
            do { try journal.checkFile() } catch {
                if error.kind != .closed { throw TipStoreError(.journal, "journal: \(error)") }
            }
        case .memory: break
        }
    }

    /// `flush()` for async code: suspends, without blocking a thread, until every change
    /// made before the call is durable; throws the write's error if it failed.
    public func flushed() async throws(TipStoreError) {
        if case .background(let writer) = persistence { try await writer.flushed() }
    }

    /// Changes applied in memory whose records are not durable yet (queued or being
    /// written by the background writer). Always 0 when synced or in memory.
    public var pendingJournalRecords: Int {
        if case .background(let writer) = persistence { return writer.pendingCount }
        return 0
    }

    /// The error of the background writer's last group commit if it failed (its records
    /// are still queued); nil once a group commit succeeds. Synced stores throw instead.
    public var journalWriteError: TipStoreError? {
        if case .background(let writer) = persistence { return writer.lastError }
        return nil
    }

    /// Called with every failed background group commit, on a background queue (never
    /// under the store's lock, so it may call the store). Nil by default: set it to log
    /// the error or to tell the user that their progress isn't being saved. The same
    /// error is thrown by the next `flush()` if it fails again.
    public var onJournalWriteError: (@Sendable (TipStoreError) -> Void)? {
        get {
            if case .background(let writer) = persistence { return writer.onError }
            return nil
        }
        set {
            if case .background(let writer) = persistence { writer.onError = newValue }
        }
    }

    /// Called with each restoration of the journal file, on a background queue (never
    /// under the store's lock): the file was deleted, renamed away, replaced or cut short
    /// while the store ran, and the store wrote its state to the path again (merging the
    /// facts of a journal it found there; moving aside a file that is no journal). Noticed
    /// at the next group commit, `flush()`, `refresh()`, `compact()` or `close()`. Nil by
    /// default: set it to log the event. `journalRestorations` lists them all.
    public var onJournalRestored: (@Sendable (JournalRestoration) -> Void)? {
        get { restoredHandler.withLock { $0 } }
        set { restoredHandler.withLock { $0 = newValue } }
    }

    /// Every restoration of the journal file since the store opened (see
    /// `onJournalRestored`). Empty for an in-memory store.
    public var journalRestorations: [JournalRestoration] {
        persistence.journal?.report.restorations ?? []
    }

    /// Rewrites the journal as a snapshot now, dropping donations beyond each event's limit
    /// or older than its maxAge. State of ids the bundle doesn't know is kept. Writes what
    /// the background writer has queued first, on the writer (no store call waits for it).
    /// Nothing to do in memory (memory is pruned as it goes).
    public func compact() throws(TipStoreError) {
        try ensureOpen()
        let policy = TipStore.compactionPolicy(catalog)
        func run(_ journal: Journal) throws(TipStoreError) {
            do { try journal.compact(policy: policy) } catch { throw TipStoreError(.journal, "journal: \(error)") }
        }
        switch persistence {
        case .background(let writer): try writer.perform(writingQueued: true) { j throws(TipStoreError) in try run(j) }
        case .synced(let journal): try run(journal)
        case .memory: return
        }
    }

    /// Reads records other processes (an app extension) appended since this store last
    /// looked, and updates statuses and observers. Waits for no fsync of its own (only,
    /// with a background writer, for the group commit in progress, and for a repair of a
    /// torn tail another process left); the store's lock is held only to update memory.
    public func refresh() throws(TipStoreError) {
        try ensureOpen()
        switch persistence {
        case .background(let writer):
            // On the writer's queue nothing is in flight: the file holds what was written,
            // the writer's queue what wasn't, and memory is the first followed by the second.
            let delivering = try writer.perform(writingQueued: false) { j throws(TipStoreError) -> Bool in
                do { try j.refresh() } catch { throw TipStoreError(.journal, "journal: \(error)") }
                return try self.reloadFromFile(j, writer: writer)
            }
            if delivering { deliveries.drain() }
        case .synced(let journal):
            do { try journal.refresh() } catch { throw TipStoreError(.journal, "journal: \(error)") }
            try withEngine { e in e.reload(from: journal.state) }
        case .memory:
            try withEngine { _ in () }
        }
    }

    /// Throws `closed` for a closed store (before any journal work that would report it as
    /// a journal failure).
    func ensureOpen() throws(TipStoreError) {
        if engine.withLock({ $0.isClosed }) { throw TipStoreError(.closed, "the store is closed") }
    }

    /// On the writer's queue: memory becomes the file's state followed by the records the
    /// writer still holds. Returns whether presenter callbacks were queued.
    func reloadFromFile(_ journal: Journal, writer: JournalWriter) throws(TipStoreError) -> Bool {
        let file = journal.committedState
        let (result, delivering) = lockedEngine { e in
            e.reload(from: file.applying(writer.queuedRecords))
        }
        try result.get()
        return delivering
    }

    /// Closes the store: ends the presentations still open at `now` (their display time
    /// is credited and their end-of-presentation limits apply, as `presentationEnded`
    /// does), waits until everything is durable, closes the journal, ends observation
    /// streams (after their last status) and cancels wake-ups; presenters are not called.
    /// Later calls throw `closed`; closing again does nothing. Throws `journal` if the
    /// last records could not be written. Called by deinit if you don't (which can't end
    /// presentations or report errors).
    public func close() throws(TipStoreError) {
        try close(endingPresentations: true)
    }

    /// `close()`, or with `endingPresentations` false a close that leaves open
    /// presentations open in the journal, as an app killed while showing a tip does (the
    /// next open ends them crediting no time): for scenario relaunches and tests.
    package func close(endingPresentations: Bool) throws(TipStoreError) {
        let (sinks, endError) = engine.withLock { e -> ([ObserverSink], TipStoreError?) in
            guard !e.isClosed else { return ([], nil) }
            e.setNow(clock.now())
            var failure: TipStoreError? = nil
            do throws(TipStoreError) {
                try e.settle()
                if endingPresentations { try e.endPresentationsAtClose() }
            } catch {
                failure = error
            }
            // Streams see the last statuses (a limit the ending reached) before they end.
            // Presenter callbacks are dropped: a presenter answering one would call a
            // closed store.
            e.notify(deliveries: DeliveryQueue())
            e.flushEvents()
            e.isClosed = true
            e.wakeUp?.cancel()
            e.wakeUp = nil
            let sinks = e.observers.values.map(\.sink)
            e.observers = [:]
            return (sinks, failure)
        }
        TipStore.finish(sinks)
        for c in adoptionListeners.withLock({ Array($0.values) }) { c.finish() }
        var failure = endError
        if case .background(let writer) = persistence {
            do throws(TipStoreError) { try writer.flush() } catch { failure = failure ?? error }
        }
        do { try persistence.journal?.close() } catch { failure = failure ?? TipStoreError(.journal, "journal: \(error)") }
        // From here another store may open the journal: this one holds nothing of it.
        TipStore.release(journalClaim)
        if let failure { throw failure }
    }

    static func finish(_ sinks: [ObserverSink]) {
        for s in sinks {
            switch s {
            case .statusStream(let c): c.finish()
            case .groupStream(let c): c.finish()
            case .callback, .effectiveness: break
            }
        }
    }
}
