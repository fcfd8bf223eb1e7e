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
            var out = LineEncoder.headerLine(created: created)
            var seq = lastSeq
            for r in records {
                seq &+= 1
                LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(r, path: path), to: &out)
            }
            try saveCorruptedLines()
            let tmp = "\(path).compact-\(JournalPlatform.processID).tmp"
            // A leftover from a crashed compaction by this pid is garbage: the rename never
            // happened, so the journal itself is intact.
            JournalPlatform.removeFile(tmp)
            let tfd = JournalPlatform.createExclusive(tmp)
            guard tfd >= 0 else { throw JournalError.io(tmp, "open", -tfd) }
            if let failure = writeAllAndSync(tfd, out) {
                JournalPlatform.closeFile(tfd)
                JournalPlatform.removeFile(tmp)
                throw JournalError.io(tmp, failure.op, failure.code)
            }
            JournalPlatform.closeFile(tfd)
            let rc = JournalPlatform.renameFile(tmp, path)
            if rc != 0 {
                JournalPlatform.removeFile(tmp)
                throw JournalError.io(path, "rename", rc)
            }
            // From here the new file is the journal; follow it whatever happens next.
            let newFD = JournalPlatform.openAppend(path)
            guard newFD >= 0 else { throw JournalError.io(path, "open", -newFD) }
            JournalPlatform.closeFile(fd)
            fd = newFD
            fileID = JournalPlatform.fileID(fd)
            readOffset = out.count
            linesRead = 1 + records.count
            lastSeq = seq
            committed = JournalState(records: records)
            compactedSize = out.count
            corruptedInFile = []
            try syncDirectory()
        }
    }

    /// Appends the corrupted lines of the current file to `<journal>.corrupt` (fsynced), so
    /// that rewriting the journal from state doesn't destroy the only copy of bytes someone
    /// may want to examine. Lock held.
    func saveCorruptedLines() throws(JournalError) {
        guard !corruptedInFile.isEmpty else { return }
        var out: [UInt8] = []
        for c in corruptedInFile {
            out += try readBytes(from: c.offset, count: c.length)
            if out.last != 0x0A { out.append(0x0A) }
        }
        let side = path + ".corrupt"
        let sfd = JournalPlatform.openAppend(side)
        guard sfd >= 0 else { throw JournalError.io(side, "open", -sfd) }
        defer { JournalPlatform.closeFile(sfd) }
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
        let dir = Self.directory(of: path)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let prefix = base + ".compact-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            JournalPlatform.removeFile(dir + "/" + name)
        }
    }
}
