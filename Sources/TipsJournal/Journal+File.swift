/// Reading, tail-following, repairing and appending: everything done under the file lock.
extension Journal {
    /// Runs `body` holding the cross-process lock (if locking is on). The lock is held
    /// only for the call: a journal holds no lock while idle (an app suspended holding a
    /// file lock in an app-group container is killed, 0xdead10cc).
    func withFileLock<T>(_ body: () throws(JournalError) -> T) throws(JournalError) -> T {
        guard locking == .processes else { return try body() }
        try lockFile()
        defer { if lockFD >= 0 { JournalPlatform.unlock(lockFD) } }
        return try body()
    }

    /// Takes the lock on the file that `lockPath` names now. A lock file deleted or
    /// replaced since it was opened would otherwise be locked alone, excluding nobody who
    /// opens the path afresh: it is closed and the path's file opened and locked instead.
    func lockFile() throws(JournalError) {
        for _ in 0..<16 {
            if lockFD < 0 {
                let lfd = JournalPlatform.openAppend(lockPath)
                guard lfd >= 0 else { throw JournalError.open(path, file: lockPath, -lfd) }
                lockFD = lfd
            }
            let rc = JournalPlatform.lockExclusive(lockFD)
            if rc != 0 { throw JournalError.io(lockPath, "flock", rc) }
            if let held = JournalPlatform.fileID(lockFD), held == JournalPlatform.fileID(path: lockPath) { return }
            JournalPlatform.unlock(lockFD)
            JournalPlatform.closeFile(lockFD)
            lockFD = -1
        }
        throw JournalError(.io, path: lockPath, operation: "flock", detail: "the lock file keeps being replaced")
    }

    /// (Re)opens the path and replays the whole file into a fresh state. Lock held.
    func reloadFromScratch() throws(JournalError) {
        // Only a regular file can be a journal: opening a FIFO or a device to write a
        // header into it would block or damage something that isn't ours.
        let existing = JournalPlatform.fileKind(path: filePath)
        if let existing, existing != .regular { throw JournalError.notRegularFile(path, existing) }
        let newFD = JournalPlatform.openAppend(filePath)
        guard newFD >= 0 else { throw JournalError.open(path, file: filePath, -newFD) }
        if let kind = JournalPlatform.fileKind(newFD), kind != .regular {
            JournalPlatform.closeFile(newFD)
            throw JournalError.notRegularFile(path, kind)
        }
        // Another name would get its own lock file (`<name>.lock`), and compaction would
        // leave it with the old bytes: two writers could interleave and lose records.
        if let links = JournalPlatform.linkCount(newFD), links > 1 {
            JournalPlatform.closeFile(newFD)
            throw JournalError(.notRegularFile, path: path, operation: "open",
                               detail: "it has \(links) names (hard links): each name would get its own lock and a compaction "
                                   + "would leave the other names behind; remove the other names (or copy the file)")
        }
        if fd >= 0 { JournalPlatform.closeFile(fd) }
        fd = newFD
        fileID = JournalPlatform.fileID(fd)
        committed = JournalState()
        readOffset = 0
        linesRead = 0
        lastSeq = 0
        headerEnd = 0
        directoryUnsynced = true
        corruptedInFile = []

        let size = JournalPlatform.fileSize(fd)
        guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
        if size == 0 {
            try Self.refuseUnsizedContent(fd: fd, path: path, operation: "open")
            try writeHeader()
            return
        }
        let first = try readBytes(from: 0, count: min(size, Self.headerReadBytes))
        guard let header = try Self.header(first, fileSize: size, path: path, operation: "open") else {
            // A header cut short by a crash while the file was being created.
            try truncate(to: 0, reason: "no trailing newline", line: 1, bytes: size)
            try writeHeader()
            return
        }
        created = header.created
        readOffset = header.end
        headerEnd = header.end
        linesRead = 1
        try consume(to: size)
    }

    /// Bytes read for the header: it is short, so a first line longer than this is no header.
    static let headerReadBytes = 4096

    /// The header in `first` (the file's first bytes, at most `headerReadBytes`): where it
    /// ends and the creation instant, or nil for a header torn by a crash (the whole file is
    /// a prefix of one). One rule for writers and readers, so they never disagree.
    static func header(_ first: [UInt8], fileSize: Int, path: String,
                       operation: String) throws(JournalError) -> (end: Int, created: Int64)? {
        try first.withBytes { (raw: UnsafeRawBufferPointer) throws(JournalError) -> (end: Int, created: Int64)? in
            guard let base = raw.baseAddress else { return nil }
            guard let nl = JournalPlatform.findNewline(base, count: raw.count) else {
                guard fileSize == raw.count, Self.couldBeTornHeader(raw) else {
                    throw JournalError(.invalidHeader, path: path, operation: operation,
                                       detail: "the first line is not a journal header")
                }
                return nil
            }
            let header: (version: Int64, created: Int64)
            do throws(LineError) {
                header = try LineDecoder.decodeHeader(UnsafeRawBufferPointer(rebasing: raw[0..<nl]))
            } catch {
                throw JournalError(.invalidHeader, path: path, operation: operation, detail: error.reason)
            }
            guard header.version == JournalFormat.version else {
                throw JournalError(.unsupportedVersion(header.version), path: path, operation: operation)
            }
            return (nl + 1, header.created)
        }
    }

    /// Files in `/proc` and the like say size 0 yet have content: such a file is not an
    /// empty journal, and writing a header into it would be wrong.
    static func refuseUnsizedContent(fd: Int32, path: String, operation: String) throws(JournalError) {
        let probe = try readBytes(fd: fd, path: path, from: 0, count: 1)
        if !probe.isEmpty {
            throw JournalError(.notRegularFile, path: path, operation: operation,
                               detail: "its size reads as 0 but it has content (not an ordinary file)")
        }
    }

    /// True when `raw` (no newline) is a prefix of a header or starts like one.
    static func couldBeTornHeader(_ raw: UnsafeRawBufferPointer) -> Bool {
        let start: StaticString = "{\"journal\":\"tips\",\"version\":"
        let n = min(raw.count, start.utf8CodeUnitCount)
        for i in 0..<n where raw[i] != start.utf8Start[i] { return false }
        return true
    }

    /// Reads the file from `readOffset` (a line start) to `size` in bounded chunks, applies
    /// the records, and repairs or reports what's damaged. Lock held.
    func consume(to size: Int) throws(JournalError) {
        var maxSeq = lastSeq
        // Moved out of `self` so the hot loop mutates a local, not a class property.
        var state = committed
        committed = JournalState()
        defer {
            committed = state
            lastSeq = maxSeq
        }
        var scanner = JournalScan(fd: fd, path: path, options: options)
        defer { peakReadBytes = max(peakReadBytes, scanner.peakReadBytes) }
        let result: JournalScan.Result
        if options.fastReplay {
            var fold = ReplayFold(state)
            state = JournalState()
            defer { state = fold.finish() }
            result = try scanner.scan(from: readOffset, to: size, firstLine: linesRead + 1, visit: { entry in
                fold.apply(entry.record)
                if entry.seq > maxSeq { maxSeq = entry.seq }
            }, visitUnknown: { seq, record in
                fold.state.unknownRecords.append(record)
                if seq > maxSeq { maxSeq = seq }
            })
        } else {
            var unsorted = Set<String>()
            defer { state.finishDeferredSorts(unsorted) }
            result = try scanner.scan(from: readOffset, to: size, firstLine: linesRead + 1, visit: { entry in
                state.applyDeferringSort(entry.record, unsorted: &unsorted)
                if entry.seq > maxSeq { maxSeq = entry.seq }
            }, visitUnknown: { seq, record in
                state.unknownRecords.append(record)
                if seq > maxSeq { maxSeq = seq }
            })
        }
        currentReport.records &+= result.lines - result.corrupted.count - result.unknown.count
        currentReport.corruptedLines += result.corrupted
        currentReport.unknownRecords += result.unknown
        corruptedInFile += result.corrupted
        readOffset = result.end
        linesRead &+= result.lines
        if let torn = result.torn {
            let cut = try truncate(to: torn.offset, reason: torn.reason, line: torn.line, bytes: torn.bytes,
                                   saving: result.tornPieces)
            // A cut line may have been a whole record that lost its newline or one bit: its
            // number was taken, and numbers are never given out twice.
            if let cut, cut > maxSeq { maxSeq = cut }
        }
    }

    /// Cuts the file back to `length` (a torn tail) and records the repair, after copying
    /// the bytes cut off (`pieces`, or the first `maxLineBytes` of the tail: more can't be a
    /// record) to `<journal>.corrupt`. Returns the highest sequence number the cut lines
    /// start with, if any does. Lock held.
    @discardableResult
    func truncate(to length: Int, reason: String, line: Int, bytes: Int,
                  saving pieces: [(offset: Int, length: Int)]? = nil) throws(JournalError) -> UInt64? {
        let cut = try saveToCorruptFile(pieces ?? [(offset: length, length: min(bytes, options.maxLineBytes))])
        let rc = JournalPlatform.truncateFile(fd, to: length)
        if rc != 0 { throw JournalError.io(path, "ftruncate", rc) }
        let src = options.io.fsync(fd)
        if src != 0 { throw JournalError.io(path, "fsync", src) }
        currentReport.repairs.append(JournalReport.Repair(line: line, offset: length, bytes: bytes, reason: reason))
        readOffset = length
        return cut
    }

    /// Writes the header into an empty file, without waiting for the disk: the first
    /// append fsyncs the directory and then the file (header included) before it
    /// acknowledges anything. A crash before that leaves an empty or torn header, which the
    /// next open repairs: no record depended on it. Lock held.
    func writeHeader() throws(JournalError) {
        created = options.now()
        let line = LineEncoder.headerLine(created: created)
        try writeDurably(line, sync: false)
        linesRead = 1
        headerEnd = line.count
        currentReport.createdHeader = true
    }

    /// Catches up, then writes `batch` as consecutive lines in one write and one fsync.
    /// Returns the last sequence number. Acknowledges the batch on success. Lock taken here.
    func writeBatch(_ batch: [(body: [UInt8], record: JournalRecord)]) throws(JournalError) -> UInt64 {
        try withFileLock { () throws(JournalError) -> UInt64 in
            try catchUp()
            return try writeLines(batch)
        }
    }

    /// Writes `batch` at the end of the caught-up file in one write and one fsync (after,
    /// once per file, an fsync of its directory) and applies it. Lock held.
    func writeLines(_ batch: [(body: [UInt8], record: JournalRecord)]) throws(JournalError) -> UInt64 {
        var out: [UInt8] = []
        out.reserveCapacity(batch.reduce(0) { $0 + $1.body.count + 40 })
        guard lastSeq <= UInt64.max - UInt64(batch.count) else { throw sequenceExhausted(needed: batch.count) }
        var seq = lastSeq
        for item in batch {
            seq &+= 1
            LineEncoder.appendLine(seq: seq, body: item.body, to: &out)
        }
        // The directory entry first: once the records' fsync returns they are acknowledged,
        // and a failure after that would make a retry write them twice.
        if directoryUnsynced {
            try syncDirectory()
            directoryUnsynced = false
        }
        try writeDurably(out)
        linesRead &+= batch.count
        lastSeq = seq
        for item in batch { committed.apply(item.record) }
        acknowledged &+= batch.count
        currentReport.records &+= batch.count
        return seq
    }

    /// Appends `bytes` with as few write() calls as the kernel allows, then fsyncs (unless
    /// `sync` is false). On any failure the file is cut back to its previous length, so no
    /// partial line remains. Lock held.
    func writeDurably(_ bytes: [UInt8], sync: Bool = true) throws(JournalError) {
        let before = readOffset
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
        if failure == nil, sync {
            let rc = options.io.fsync(fd)
            if rc != 0 { failure = ("fsync", rc) }
        }
        if let failure {
            // Remove whatever part reached the file; ENOSPC/EFBIG/EIO alike.
            let rc = JournalPlatform.truncateFile(fd, to: before)
            var error = JournalError.io(path, failure.op, failure.code)
            if rc != 0 {
                error.detail += "; and ftruncate back to \(before) bytes failed: \(JournalPlatform.errorText(rc)) (the next open repairs the tail)"
            }
            throw error
        }
        readOffset = before + bytes.count
    }

    /// Refuses to go past the largest sequence number: wrapping to 0 would break the rule
    /// that numbers only go up.
    func sequenceExhausted(needed: Int) -> JournalError {
        JournalError(.invalidValue, path: path, operation: "append",
                     detail: "sequence numbers are used up (the last is \(lastSeq); \(needed) more needed)")
    }

    /// fsyncs the journal's directory so a created or renamed entry survives power loss.
    func syncDirectory() throws(JournalError) {
        let dir = Self.directory(of: filePath)
        let dfd = JournalPlatform.openDirectory(dir)
        guard dfd >= 0 else { throw JournalError.io(dir, "open", -dfd) }
        defer { JournalPlatform.closeFile(dfd) }
        let rc = options.io.fsync(dfd)
        if rc != 0 { throw JournalError.io(dir, "fsync", rc) }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Reads `count` bytes at `offset` of the journal.
    func readBytes(from offset: Int, count: Int) throws(JournalError) -> [UInt8] {
        peakReadBytes = max(peakReadBytes, count)
        return try Self.readBytes(fd: fd, path: path, from: offset, count: count)
    }

    static func readBytes(fd: Int32, path: String, from offset: Int, count: Int) throws(JournalError) -> [UInt8] {
        var failure: Int32 = 0
        var got = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
            guard let base = buf.baseAddress else { initialized = 0; return }
            while got < count {
                let n = JournalPlatform.readAt(fd, base + got, count: count - got, offset: offset + got)
                if n < 0 { failure = Int32(truncatingIfNeeded: -n); break }
                if n == 0 { break }
                got += n
            }
            initialized = got
        }
        if failure != 0 { throw JournalError.io(path, "read", failure) }
        return bytes
    }
}
