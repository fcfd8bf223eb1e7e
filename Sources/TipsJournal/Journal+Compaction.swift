import Foundation

/// Compaction: the journal rewritten as the records that rebuild its state.
extension Journal {
    /// Writes the snapshot to a temp file beside the journal, fsyncs it, renames it over the
    /// journal and fsyncs the directory, all under the lock. A failure before the rename
    /// leaves the journal as it was and removes the temp file. Mutex held.
    func compactLocked(policy: CompactionPolicy) throws(JournalError) {
        try withFileLock { () throws(JournalError) in
            try catchUp()
            let records = policy.snapshotRecords(of: committed, now: options.now())
            try saveCorruptedLines()
            // The snapshot replaces the file the path really names (a link stays a link),
            // with the journal's mode and owner: a private journal stays private.
            guard let ownership = JournalPlatform.ownership(fd) else {
                throw JournalError.io(path, "fstat", JournalPlatform.errnoValue)
            }
            try replaceFile(with: records, unknown: committed.unknownRecords, ownership: ownership, operation: "compaction")
        }
    }

    /// Writes a new journal file holding `records` and then `unknown` after a header with
    /// this journal's `created`, numbered on from `lastSeq`, to a temp file beside the
    /// journal (given `ownership`), fsyncs it, renames it over the path, fsyncs the
    /// directory, and follows it: what compaction and restoration write. A failure before
    /// the rename leaves the path as it was and removes the temp file. Lock held.
    func replaceFile(with records: [JournalRecord], unknown: [JournalState.UnknownRecord],
                     ownership: JournalPlatform.Ownership, operation: String) throws(JournalError) {
        // The header keeps the journal's birth; sequence numbers keep counting up, so
        // a seq is never reused over the journal's life.
        // Records of kinds this build doesn't know go last, as written, so the version
        // that wrote them still finds them.
        guard lastSeq <= UInt64.max - UInt64(records.count + unknown.count) else {
            throw sequenceExhausted(needed: records.count + unknown.count)
        }
        var out = LineEncoder.headerLine(created: created)
        let header = out.count
        var seq = lastSeq
        for r in records {
            seq += 1
            LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(r, path: path), to: &out)
        }
        for u in unknown {
            seq += 1
            LineEncoder.appendLine(seq: seq, body: u.body, to: &out)
        }
        let tmp = "\(filePath).compact-\(JournalPlatform.processID).tmp"
        // A leftover from a crashed compaction by this pid is garbage: the rename never
        // happened, so the journal itself is intact.
        JournalPlatform.removeFile(tmp)
        let tfd = JournalPlatform.createExclusive(tmp)
        guard tfd >= 0 else { throw JournalError.open(path, file: tmp, -tfd) }
        let orc = JournalPlatform.apply(ownership, to: tfd)
        if orc != 0 {
            JournalPlatform.closeFile(tfd)
            JournalPlatform.removeFile(tmp)
            var error = JournalError.io(path, "fchown/fchmod", orc)
            error.detail += " (\(operation) would change the journal's owner or mode, so it was not done)"
            throw error
        }
        if let failure = writeAllAndSync(tfd, out) {
            JournalPlatform.closeFile(tfd)
            JournalPlatform.removeFile(tmp)
            throw JournalError.io(tmp, failure.op, failure.code)
        }
        JournalPlatform.closeFile(tfd)
        let rc = JournalPlatform.renameFile(tmp, filePath)
        if rc != 0 {
            JournalPlatform.removeFile(tmp)
            throw JournalError.io(path, "rename", rc)
        }
        // From here the new file is the journal; follow it whatever happens next.
        var state = JournalState(records: records)
        state.unknownRecords = unknown
        let newFD = JournalPlatform.openAppend(filePath)
        guard newFD >= 0 else { throw JournalError.io(path, "open", -newFD) }
        JournalPlatform.closeFile(fd)
        fd = newFD
        fileID = JournalPlatform.fileID(fd)
        readOffset = out.count
        headerEnd = header
        linesRead = 1 + records.count + unknown.count
        lastSeq = seq
        committed = state
        compactedSize = out.count
        corruptedInFile = []
        try syncDirectory()
        directoryUnsynced = false
    }

    /// Appends the corrupted lines of the current file to `<journal>.corrupt` (fsynced), so
    /// that rewriting the journal from state doesn't destroy the only copy of bytes someone
    /// may want to examine. Lock held.
    func saveCorruptedLines() throws(JournalError) {
        try saveToCorruptFile(corruptedInFile.map { (offset: $0.offset, length: $0.length) })
    }

    /// Appends the journal's bytes in `ranges` to `<journal>.corrupt`, each ending in a
    /// newline, and fsyncs it. The file gets the journal's mode and owner: it holds the
    /// same private data. Returns the highest sequence number a range starts with (its
    /// `{"seq":N,` survives most damage). Lock held.
    @discardableResult
    func saveToCorruptFile(_ ranges: [(offset: Int, length: Int)]) throws(JournalError) -> UInt64? {
        guard !ranges.isEmpty else { return nil }
        var out: [UInt8] = []
        var highest: UInt64?
        for r in ranges {
            let bytes = try readBytes(from: r.offset, count: r.length)
            if let seq = Self.leadingSequence(bytes[...]) { highest = max(highest ?? 0, seq) }
            out += bytes
            if out.last != 0x0A { out.append(0x0A) }
        }
        let side = corruptPath
        let sfd = JournalPlatform.openAppendPrivate(side)
        guard sfd >= 0 else { throw JournalError.io(side, "open", -sfd) }
        defer { JournalPlatform.closeFile(sfd) }
        if let ownership = JournalPlatform.ownership(fd) {
            // Best effort: the bytes matter more than the mode of their copy.
            _ = JournalPlatform.apply(ownership, to: sfd)
        }
        if let failure = writeAllAndSync(sfd, out) { throw JournalError.io(side, failure.op, failure.code) }
        return highest
    }

    /// The N of a line that starts `{"seq":N,`, whatever follows.
    static func leadingSequence(_ line: ArraySlice<UInt8>) -> UInt64? {
        let prefix = Array(#"{"seq":"#.utf8)
        guard line.count > prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var value: UInt64 = 0
        var digits = 0
        for b in line.dropFirst(prefix.count) {
            guard b >= 0x30, b <= 0x39 else { return digits > 0 && b == UInt8(ascii: ",") ? value : nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(b - 0x30))
            if o1 || o2 { return nil }
            value = a
            digits += 1
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` and fsyncs; returns the failure, if any.
    func writeAllAndSync(_ fd: Int32, _ bytes: [UInt8]) -> (op: String, code: Int32)? {
        var failure: (op: String, code: Int32)?
        bytes.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = options.io.write(fd, UnsafeRawBufferPointer(rebasing: raw[written...]))
                if n < 0 { failure = ("write", Int32(truncatingIfNeeded: -n)); return }
                if n == 0 { failure = ("write", JournalPlatform.ioErrorCode); return }
                written += n
            }
        }
        if failure != nil { return failure }
        let rc = options.io.fsync(fd)
        return rc == 0 ? nil : ("fsync", rc)
    }
}

extension Journal {
    /// Deletes `<journal>.compact-<pid>.tmp` files. Lock held: compaction writes and renames
    /// (or deletes) its temp file without ever releasing the lock, so any temp file seen
    /// under the lock was left by a compaction that crashed before its rename.
    func removeStaleCompactionFiles() {
        let dir = Self.directory(of: filePath)
        let base = filePath.split(separator: "/").last.map(String.init) ?? filePath
        let prefix = base + ".compact-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            JournalPlatform.removeFile(dir + "/" + name)
        }
    }
}
