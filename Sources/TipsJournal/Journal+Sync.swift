/// What a sync layer needs from a journal (Docs/sync.md): its facts, and a merge that is
/// computed against the file as it is under the lock, so that another process's records
/// are neither missed nor written twice.
extension Journal {
    /// Every record in the file, in file order, after catching up with other processes
    /// (and after writing this object's queued records): `JournalMerge(records:)` of them
    /// is what `TipStore.exportRecords()` sends. Read through this object's descriptor, so
    /// a link retargeted since open is not followed.
    public func fileRecords() throws(JournalError) -> [JournalRecord] {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        try flushLocked()
        return try withFileLock { () throws(JournalError) -> [JournalRecord] in
            try catchUp()
            return try entriesOfFile().map(\.record)
        }
    }

    /// Merges `incoming` (another device's facts) into the journal: under the lock, catches
    /// up with other processes, reads the facts of the whole file, and appends, as one
    /// group, the records that take it to the merged facts, computed against the caught-up
    /// state, followed by `also(stateAfterThem)` (the runtime's rename carries). Returns
    /// the records appended; merging what the file already holds appends nothing.
    @discardableResult
    public func merge(_ incoming: JournalMerge,
                      also: (JournalState) -> [JournalRecord] = { _ in [] }) throws(JournalError) -> [JournalRecord] {
        mutex.lock(); defer { mutex.unlock() }
        try checkUsable()
        try flushLocked()
        let appended = try withFileLock { () throws(JournalError) -> [JournalRecord] in
            try catchUp()
            let local = JournalMerge(records: try entriesOfFile().map(\.record))
            var records = local.records(toReach: local.merging(incoming), from: committed)
            records += also(committed.applying(records))
            guard !records.isEmpty else { return [] }
            _ = try writeLines(try encode(records))
            return records
        }
        if !appended.isEmpty { maybeAutoCompact() }
        return appended
    }

    /// Every valid entry of the file up to what this object has read, read through its
    /// own descriptor. Lock held.
    func entriesOfFile() throws(JournalError) -> [JournalEntry] {
        guard readOffset > headerEnd else { return [] }
        var entries: [JournalEntry] = []
        var scanner = JournalScan(fd: fd, path: path, options: options)
        _ = try scanner.scan(from: headerEnd, to: readOffset, firstLine: 2, visit: { entries.append($0) },
                             visitUnknown: { _, _ in })
        peakReadBytes = max(peakReadBytes, scanner.peakReadBytes)
        return entries
    }
}
