import Dispatch

/// Catching up with the file the path names, and restoring the journal when that file is
/// no longer this journal: deleted, renamed away, replaced or cut short while open.
extension Journal {
    /// Brings this object up to date with the file. Another writer's compaction (the path
    /// names a new file that continues this journal) means a full reload; new lines are
    /// read; anything else that happened to the file is a restoration. Lock held.
    func catchUp() throws(JournalError) {
        switch JournalPlatform.identity(path: filePath) {
        case .failure(let failure):
            guard JournalPlatform.isMissing(failure.code) else { throw JournalError.io(path, "stat", failure.code) }
            try restore(.deleted, found: nil)
        case .success(let now) where now != fileID:
            try followOrRestore()
        case .success:
            let size = JournalPlatform.fileSize(fd)
            guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
            if size == readOffset { return }
            if size < readOffset {
                // Shortened behind our back: what is left is read, merged with this
                // object's state, and the whole written again.
                try restore(.truncated, found: try Self.readJournal(fd: fd, path: path, options: options))
                return
            }
            try consume(to: size)
        }
    }

    /// The path names another file. A compaction by another writer of this journal keeps
    /// the header's `created` and numbers on from every record it saw (ours included), so
    /// such a file is followed; any other file is not this journal. Lock held.
    func followOrRestore() throws(JournalError) {
        let rfd = JournalPlatform.openRead(filePath)
        guard rfd >= 0 else {
            if JournalPlatform.isMissing(-rfd) { try restore(.deleted, found: nil); return }
            throw JournalError.io(path, "open", -rfd)
        }
        defer { JournalPlatform.closeFile(rfd) }
        if let kind = JournalPlatform.fileKind(rfd), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        if try continues(rfd) == true {
            try reloadFromScratch()
            return
        }
        guard let found = try Self.readJournal(fd: rfd, path: path, options: options) else {
            try restore(.replacedByOtherFile, found: nil)
            return
        }
        if found.created == created, found.maxSeq >= lastSeq {
            try reloadFromScratch()
        } else {
            try restore(.replacedByJournal, found: found)
        }
    }

    /// Whether the file open at `rfd` continues this journal, from its header and last
    /// line only: true, false, or nil when the last line can't tell (then the whole file
    /// is read). A header alone with this journal's `created` is a compaction of an empty
    /// state that never held a reset.
    func continues(_ rfd: Int32) throws(JournalError) -> Bool? {
        let size = JournalPlatform.fileSize(rfd)
        guard size > 0 else { return false }
        let first = try Self.readBytes(fd: rfd, path: path, from: 0, count: min(size, Self.headerReadBytes))
        guard let header = try? Self.header(first, fileSize: size, path: path, operation: "read") else { return false }
        guard header.created == created else { return false }
        if size == header.end { return true }
        let start = max(header.end, size - 64 * 1024)
        let tail = try Self.readBytes(fd: rfd, path: path, from: start, count: size - start)
        // The last whole line (a torn tail after it is ignored).
        guard let end = tail.lastIndex(of: 0x0A) else { return nil }
        let begin = tail[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? (start == header.end ? 0 : -1)
        guard begin >= 0, let seq = Self.leadingSequence(tail[begin..<end]) else { return nil }
        return seq >= lastSeq
    }

    /// A journal read whole from an open file, without repairing anything: its facts for a
    /// merge, or nil when it is not a readable journal.
    struct FoundJournal {
        var created: Int64
        var entries: [JournalEntry]
        var maxSeq: UInt64
    }

    static func readJournal(fd: Int32, path: String, options: JournalOptions) throws(JournalError) -> FoundJournal? {
        let size = JournalPlatform.fileSize(fd)
        guard size > 0 else { return nil }
        let first = try readBytes(fd: fd, path: path, from: 0, count: min(size, headerReadBytes))
        guard let header = try? Self.header(first, fileSize: size, path: path, operation: "read") else { return nil }
        var found = FoundJournal(created: header.created, entries: [], maxSeq: 0)
        var scanner = JournalScan(fd: fd, path: path, options: options)
        _ = try scanner.scan(from: header.end, to: size, firstLine: 2, visit: { entry in
            found.entries.append(entry)
            found.maxSeq = max(found.maxSeq, entry.seq)
        }, visitUnknown: { seq, _ in
            found.maxSeq = max(found.maxSeq, seq)
        })
        return found
    }

    /// Writes this journal's state to the path again, as a snapshot (temp file, fsync,
    /// rename, directory fsync, as compaction does), merged with the facts of `found` (the
    /// journal now at the path, or what is left of a cut one), and reports it. A file
    /// that is no journal is first renamed aside, untouched. Lock held.
    func restore(_ cause: JournalRestoration.Cause, found: FoundJournal?) throws(JournalError) {
        // Other writers may have appended to the old file before it went: read them through
        // our descriptor, which still reaches it.
        if cause != .truncated {
            let size = JournalPlatform.fileSize(fd)
            if size > readOffset { try consume(to: size) }
        }
        guard let ownership = JournalPlatform.ownership(fd) else {
            throw JournalError.io(path, "fstat", JournalPlatform.errnoValue)
        }
        let ours = CompactionPolicy.keepAll.snapshotRecords(of: committed, now: options.now())
        var records = ours
        var merged = 0
        if let found {
            // The other journal's facts join ours as two devices' journals do: the state
            // reached is both, and ours exactly when theirs adds nothing.
            let mine = JournalMerge(records: ours)
            let extra = mine.records(toReach: mine.merging(JournalMerge(records: found.entries.map(\.record))),
                                     from: committed)
            records += extra
            merged = extra.count
            lastSeq = max(lastSeq, found.maxSeq)
        }
        var movedTo: String?
        if cause == .replacedByOtherFile {
            let aside = "\(filePath).replaced-\(options.now())"
            let rc = JournalPlatform.renameFile(filePath, aside)
            if rc != 0 { throw JournalError.io(path, "rename", rc) }
            movedTo = aside
        }
        // The bytes of the old file's corrupted lines are still readable through our
        // descriptor, unless the file itself was cut.
        if cause == .truncated { corruptedInFile = [] } else { try saveCorruptedLines() }
        let unknown = committed.unknownRecords
        try replaceFile(with: records, unknown: unknown, ownership: ownership, operation: "restoring the journal")
        let restoration = JournalRestoration(cause: cause, path: path, records: records.count + unknown.count,
                                             mergedRecords: merged, movedTo: movedTo)
        currentReport.restorations.append(restoration)
        if let handler = restoreHandler { DispatchQueue.global().async { handler(restoration) } }
    }
}
