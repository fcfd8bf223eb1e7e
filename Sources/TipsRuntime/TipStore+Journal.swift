import TipsJournal

/// Journal housekeeping.
extension TipStore {
    /// Batched mode: writes and fsyncs queued records; when it returns they are durable.
    /// Synced mode: nothing to do.
    public func flush() throws(TipStoreError) {
        do { try journal.flush() } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    /// Rewrites the journal as a snapshot now, dropping donations beyond each event's limit
    /// or older than its maxAge. State of ids the bundle doesn't know is kept.
    public func compact() throws(TipStoreError) {
        do { try journal.compact(policy: catalog.compactionPolicy) } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }

    /// Reads records other processes (an app extension) appended since this store last
    /// looked, and updates statuses and observers.
    public func refresh() throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            do {
                if try e.journal.refresh() { e.reload(from: e.journal.state) }
            } catch {
                throw TipStoreError(.journal, "journal: \(error)")
            }
        }
    }

    /// Flushes and closes the journal, ends observation streams and cancels wake-ups.
    /// Later calls throw `closed`. Called by deinit if you don't.
    public func close() throws(TipStoreError) {
        let sinks = engine.withLock { e -> [ObserverSink] in
            e.isClosed = true
            e.wakeUp?.cancel()
            e.wakeUp = nil
            let sinks = e.observers.values.map(\.sink)
            e.observers = [:]
            return sinks
        }
        TipStore.finish(sinks)
        do { try journal.close() } catch { throw TipStoreError(.journal, "journal: \(error)") }
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
