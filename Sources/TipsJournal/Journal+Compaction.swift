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
            // The header keeps the journal's birth; sequence numbers keep counting up, so
            // a seq is never reused over the journal's life.
            // Records of kinds this build doesn't know go last, as written, so the version
            // that wrote them still finds them.
            let unknown = committed.unknownRecords
            guard lastSeq <= UInt64.max - UInt64(records.count + unknown.count) else {
                throw sequenceExhausted(needed: records.count + unknown.count)
            }
            var out = LineEncoder.headerLine(created: created)
            var seq = lastSeq
            for r in records {
                seq += 1
                LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(r, path: path), to: &out)
            }
            for u in unknown {
                seq += 1
                LineEncoder.appendLine(seq: seq, body: u.body, to: &out)
            }
            try saveCorruptedLines()
            // The snapshot replaces the file the path really names (a link stays a link),
            // with the journal's mode and owner: a private journal stays private.
            guard let ownership = JournalPlatform.ownership(fd) else {
                throw JournalError.io(path, "fstat", JournalPlatform.errnoValue)
            }
            let tmp = "\(filePath).compact-\(JournalPlatform.processID).tmp"
            // A leftover from a crashed compaction by this pid is garbage: the rename never
            // happened, so the journal itself is intact.
            JournalPlatform.removeFile(tmp)
            let tfd = JournalPlatform.createExclusive(tmp)
            guard tfd >= 0 else { throw JournalError.io(tmp, "open", -tfd) }
            let orc = JournalPlatform.apply(ownership, to: tfd)
            if orc != 0 {
                JournalPlatform.closeFile(tfd)
                JournalPlatform.removeFile(tmp)
                var error = JournalError.io(path, "fchown/fchmod", orc)
                error.detail += " (compaction would change the journal's owner or mode, so it was not done)"
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
            let newFD = JournalPlatform.openAppend(filePath)
            guard newFD >= 0 else { throw JournalError.io(path, "open", -newFD) }
            JournalPlatform.closeFile(fd)
            fd = newFD
            fileID = JournalPlatform.fileID(fd)
            readOffset = out.count
            linesRead = 1 + records.count + unknown.count
            lastSeq = seq
            committed = JournalState(records: records)
            committed.unknownRecords = unknown
            compactedSize = out.count
            corruptedInFile = []
            try syncDirectory()
        }
    }

    /// Appends the corrupted lines of the current file to `<journal>.corrupt` (fsynced), so
    /// that rewriting the journal from state doesn't destroy the only copy of bytes someone
    /// may want to examine. Lock held.
    func saveCorruptedLines() throws(JournalError) {
        try saveToCorruptFile(corruptedInFile.map { (offset: $0.offset, length: $0.length) })
    }

    /// Appends the journal's bytes in `ranges` to `<journal>.corrupt`, each ending in a
    /// newline, and fsyncs it. The file gets the journal's mode and owner: it holds the
    /// same private data. Lock held.
    func saveToCorruptFile(_ ranges: [(offset: Int, length: Int)]) throws(JournalError) {
        guard !ranges.isEmpty else { return }
        var out: [UInt8] = []
        for r in ranges {
            out += try readBytes(from: r.offset, count: r.length)
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
