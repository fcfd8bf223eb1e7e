import TipsJournal

/// Syncing a user's state between devices (Docs/sync.md): export this store's records,
/// carry them to the other device (iCloud Drive, CloudKit, your own server), and merge
/// them there. Merging is commutative, associative and idempotent, so records may arrive
/// late, twice or out of order, and both devices end up in the same state.
///
/// Both read the journal under its file lock after catching up with other processes (an
/// app extension writing the same journal), through the store's own descriptor, and run
/// on the background writer's queue: no other store call waits for their reads and fsyncs.
extension TipStore {
    /// This store's state as journal records in the merge's canonical form: what a sync
    /// layer carries to the user's other devices. Includes the changes still queued for the
    /// background writer (without waiting for them to be written) and other processes'
    /// records. May wait for the group commit in progress; writes nothing.
    public func exportRecords() throws(TipStoreError) -> [JournalRecord] {
        try ensureOpen()
        switch persistence {
        case .background(let writer):
            return try writer.perform(writingQueued: false) { j throws(TipStoreError) -> [JournalRecord] in
                // The queued records come after the file's, where writing them would put them.
                JournalMerge(records: try TipStore.fileRecords(of: j) + writer.queuedRecords).records
            }
        case .synced(let journal):
            return JournalMerge(records: try TipStore.fileRecords(of: journal)).records
        case .memory:
            throw TipStore.noRecords
        }
    }

    /// Merges another device's records (its ``exportRecords()``, or any journal's records)
    /// into this store: appends what they add to the journal, as one group, and updates
    /// statuses and observers. Names this bundle doesn't know are kept like any other state.
    /// Merging the same records again appends nothing. State that arrives under a name the
    /// bundle declares renamed (`renamedFrom`) is carried over to the new name, as on open.
    ///
    /// The group is computed under the journal's lock against the file as it is then
    /// (this process's queued changes written first, other processes' records read), so
    /// records another process wrote are neither missed nor appended again. Returns once
    /// the group is durable; the store's lock is held only to update memory.
    public func merge(records: [JournalRecord]) throws(TipStoreError) {
        try ensureOpen()
        let incoming = JournalMerge(records: records)
        let bundle = catalog.bundle
        let carry: (JournalState) -> [JournalRecord] = { state in TipStore.renameRecords(bundle, state: state) }
        switch persistence {
        case .background(let writer):
            let delivering = try writer.perform(writingQueued: true) { j throws(TipStoreError) -> Bool in
                do { try j.merge(incoming, also: carry) } catch { throw TipStoreError(.journal, "journal: \(error)") }
                return try self.reloadFromFile(j, writer: writer)
            }
            if delivering { deliveries.drain() }
        case .synced(let journal):
            do { try journal.merge(incoming, also: carry) } catch { throw TipStoreError(.journal, "journal: \(error)") }
            try withEngine { e in e.reload(from: journal.state) }
        case .memory:
            throw TipStore.noRecords
        }
    }

    static let noRecords = TipStoreError(.journal, "an in-memory store keeps no journal: it has no records to export or merge")

    /// Every record the journal's file holds, caught up with other processes.
    static func fileRecords(of journal: Journal) throws(TipStoreError) -> [JournalRecord] {
        do { return try journal.fileRecords() } catch { throw TipStoreError(.journal, "journal: \(error)") }
    }
}
