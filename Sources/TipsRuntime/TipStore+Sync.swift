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
            try TipStore.facts(of: e.persistence).records
        }
    }

    /// Merges another device's records (its ``exportRecords()``, or any journal's records)
    /// into this store: appends what they add to the journal, as one group, and updates
    /// statuses and observers. Names this bundle doesn't know are kept like any other state.
    /// Merging the same records again appends nothing. State that arrives under a name the
    /// bundle declares renamed (`renamedFrom`) is carried over to the new name, as on open.
    public func merge(records: [JournalRecord]) throws(TipStoreError) {
        try withEngine { e throws(TipStoreError) in
            let local = try TipStore.facts(of: e.persistence)
            let target = local.merging(JournalMerge(records: records))
            try e.commit(local.records(toReach: target, from: e.state))
            // A device on an older version may send state under names this bundle renamed.
            try e.commit(TipStore.renameRecords(e.catalog.bundle, state: e.state))
        }
    }

    /// The facts of everything the journal holds (its file, after a flush). Called under the
    /// store's lock, so the background writer is drained first: the file then holds every
    /// change the engine's state holds, and the delta computed against that state is exact.
    /// An in-memory store keeps no records to merge.
    static func facts(of persistence: Persistence) throws(TipStoreError) -> JournalMerge {
        guard let journal = persistence.journal else {
            throw TipStoreError(.journal, "an in-memory store keeps no journal: it has no records to export or merge")
        }
        if case .background(let writer) = persistence { try writer.flush() }
        do {
            try journal.flush()
            return JournalMerge(records: try Journal.readEntries(at: journal.path).entries.map(\.record))
        } catch {
            throw TipStoreError(.journal, "journal: \(error)")
        }
    }
}
