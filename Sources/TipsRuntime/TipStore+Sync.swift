import TipsJournal

/// Syncing a user's state between devices (Docs/sync.md): export this store's records,
/// carry them to the other device (iCloud Drive, CloudKit, your own server), and merge
/// them there. Merging is commutative, associative and idempotent, so records may arrive
/// late, twice or out of order, and both devices end up in the same state.
extension TipStore {
    /// This store's state as journal records in the merge's canonical form: what a sync
    /// layer carries to the user's other devices. Flushes pending records first.
    public func exportRecords() throws(TipStoreError) -> [JournalRecord] {
        try withEngine(writing: false) { e throws(TipStoreError) in
            try TipStore.facts(of: e.journal).records
        }
    }

    /// Merges another device's records (its ``exportRecords()``, or any journal's records)
    /// into this store: appends what they add to the journal, as one group, and updates
    /// statuses and observers. Names this bundle doesn't know are kept like any other state.
    /// Merging the same records again appends nothing. State that arrives under a name the
    /// bundle declares renamed (`renamedFrom`) is carried over to the new name, as on open.
    public func merge(records: [JournalRecord]) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            let local = try TipStore.facts(of: e.journal)
            let target = local.merging(JournalMerge(records: records))
            try e.commit(local.records(toReach: target, from: e.journal.state))
            // A device on an older version may send state under names this bundle renamed.
            try e.commit(TipStore.renameRecords(e.catalog.bundle, state: e.journal.state))
        }
    }

    /// The facts of everything the journal holds (its file, after a flush).
    static func facts(of journal: Journal) throws(TipStoreError) -> JournalMerge {
        do {
            try journal.flush()
            return JournalMerge(records: try Journal.readEntries(at: journal.path).entries.map(\.record))
        } catch {
            throw TipStoreError(.journal, "journal: \(error)")
        }
    }
}
