import TipsJournal

/// Syncing through bytes (Docs/sync.md): what a sync layer stores and carries, so an app
/// needs nothing but `import TipsRuntime` to sync a user's state between devices.
extension TipStore {
    /// This store's state (``exportRecords()``) as the bytes of a complete journal file: what
    /// to upload or write to the device's file in a shared folder. `tipc journal show` and
    /// `tipc journal merge` read it as it is.
    public func exportJournal() throws(TipStoreError) -> [UInt8] {
        let records = try exportRecords()
        do throws(JournalError) { return try JournalMerge.encode(records) } catch {
            throw TipStoreError(.journal, "journal: cannot encode the export: \(error)")
        }
    }

    /// Merges another device's ``exportJournal()`` bytes (or any journal file's) into this
    /// store, as ``merge(records:)`` does. Bytes that are not a whole, undamaged journal
    /// (a line that fails its CRC, a payload cut short in transit) are refused with a
    /// `.journal` error before anything changes: fetch them again.
    public func merge(journal bytes: [UInt8]) throws(TipStoreError) {
        let records: [JournalRecord]
        do throws(JournalError) { records = try JournalMerge.decode(bytes) } catch {
            throw TipStoreError(.journal, "journal: the bytes to merge are not a whole journal: \(error)")
        }
        try merge(records: records)
    }
}
