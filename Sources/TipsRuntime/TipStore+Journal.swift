import TipsJournal

/// Durability and journal housekeeping.
extension TipStore {
    /// Blocks until every change made before the call is durable (written and fsynced):
    /// waits for the background writer's group commit. Throws `journal` with the write's
    /// error if it failed; the records stay queued (and applied in memory), and the next
    /// group commit, `flush()` or `close()` writes them. Synced and in-memory stores:
    /// nothing to wait for. Call it where losing the last seconds matters, e.g. when the
    /// app moves to the background; `flushed()` is the same without blocking a thread.
    public func flush() throws(TipStoreError) {
        if case .background(let writer) = persistence { try writer.flush() }
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

    /// Rewrites the journal as a snapshot now, dropping donations beyond each event's limit
    /// or older than its maxAge. State of ids the bundle doesn't know is kept. Waits for
    /// the background writer first. Nothing to do in memory (memory is pruned as it goes).
    public func compact() throws(TipStoreError) {
        guard let journal = persistence.journal else { return }
        try flush()
        do { try journal.compact(policy: catalog.compactionPolicy) } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    /// Reads records other processes (an app extension) appended since this store last
    /// looked, and updates statuses and observers. With a background writer, waits for it
    /// first (so the journal holds this process's changes before it is read back).
    public func refresh() throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            guard let journal = e.persistence.journal else { return }
            if case .background(let writer) = e.persistence { try writer.flush() }
            do {
                if try journal.refresh() { e.reload(from: journal.state) }
            } catch {
                throw TipStoreError(.journal, "journal: \(error)")
            }
        }
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
                if endingPresentations { try e.commit(e.openPresentationEndings(at: e.rules.now)) }
            } catch {
                failure = error
            }
            // Streams see the last statuses (a limit the ending reached) before they end.
            // Presenter callbacks are dropped: a presenter answering one would call a
            // closed store.
            e.notify(deliveries: DeliveryQueue())
            e.isClosed = true
            e.wakeUp?.cancel()
            e.wakeUp = nil
            let sinks = e.observers.values.map(\.sink)
            e.observers = [:]
            return (sinks, failure)
        }
        TipStore.finish(sinks)
        var failure = endError
        if case .background(let writer) = persistence {
            do throws(TipStoreError) { try writer.flush() } catch { failure = failure ?? error }
        }
        do { try persistence.journal?.close() } catch { failure = failure ?? TipStoreError(.journal, "journal: \(error)") }
        if let failure { throw failure }
    }

    static func finish(_ sinks: [ObserverSink]) {
        for s in sinks {
            switch s {
            case .statusStream(let c): c.finish()
            case .groupStream(let c): c.finish()
            case .callback: break
            }
        }
    }
}
