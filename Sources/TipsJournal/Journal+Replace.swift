/// Replacing a journal's whole content from outside a `Journal` object, the way compaction
/// does it: what `tipc journal merge -o OUT` writes OUT with.
extension Journal {
    /// The new file of ``replace(at:created:visitCurrent:with:)``, being written: records
    /// are numbered on from the journal's last sequence number and encoded as they come,
    /// about a megabyte at a time, so memory does not grow with the file.
    public struct Replacement {
        let fd: Int32
        let path: String
        let temporary: String
        var buffer: [UInt8]
        var seq: UInt64
        /// Records appended so far.
        public private(set) var records = 0

        /// Bytes gathered before a write.
        static let chunkBytes = 1 << 20

        /// Appends `record` as the next line of the new file.
        public mutating func append(_ record: JournalRecord) throws(JournalError) {
            let body = try LineEncoder.recordBody(record, path: path)
            // Readers treat longer lines as damage; `{"seq":N,` and the crc add at most 47.
            guard body.count + 47 <= JournalFormat.maximumLineBytes else {
                throw JournalError(.invalidValue, path: path, operation: "write",
                                   detail: "a record is \(body.count) bytes; a line holds at most \(JournalFormat.maximumLineBytes)")
            }
            try appendLine(body)
            records += 1
        }

        /// Appends a line with `body` (a record's members, or an unknown record's bytes).
        mutating func appendLine(_ body: [UInt8]) throws(JournalError) {
            guard seq < UInt64.max else {
                throw JournalError(.invalidValue, path: path, operation: "write", detail: "sequence numbers are used up")
            }
            seq += 1
            LineEncoder.appendLine(seq: seq, body: body, to: &buffer)
            if buffer.count >= Self.chunkBytes { try flush() }
        }

        /// Writes what is gathered.
        mutating func flush() throws(JournalError) {
            let failure: Int32? = buffer.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let n = JournalPlatform.writeOnce(fd, UnsafeRawBufferPointer(rebasing: raw[written...]))
                    if n < 0 { return Int32(truncatingIfNeeded: -n) }
                    if n == 0 { return JournalPlatform.ioErrorCode }
                    written += n
                }
                return nil
            }
            if let failure { throw JournalError.io(temporary, "write", failure) }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Replaces the journal at `path` (links followed: the link's target is replaced and the
    /// link kept) with the records `write` appends, with every rule compaction keeps:
    ///
    /// - The journal's cross-process lock (`<journal>.lock`, as `.processes` writers take it)
    ///   is held from before the current file is read until the new one is in place, so no
    ///   writer appends in between: every record a writer had acknowledged is in the file
    ///   read, and a writer's next append goes to the new file.
    /// - The current file is read first and each of its records handed to `visitCurrent`
    ///   (a merge merges them in). Its records of kinds this build does not know go last
    ///   into the new file, as written; its corrupted lines and a torn tail are copied to
    ///   `<journal>.corrupt` first, as compaction does.
    /// - The new file keeps the current header (its `created`) and numbers on from the last
    ///   sequence number, so writers that have the journal open follow it as they follow a
    ///   compaction. A journal that does not exist yet (or is empty) is created with
    ///   `created`.
    /// - It is written to `<journal>.compact-<pid>.tmp` beside the journal with the journal's
    ///   mode and owner (0644 for a new one), fsynced, renamed over the journal, and the
    ///   directory fsynced. A failure before the rename leaves the journal as it was.
    ///
    /// Refuses (before writing anything) a path that names a FIFO, a device, a directory or
    /// a socket (`.notRegularFile`) and a file that is not a journal (`.invalidHeader`).
    /// Returns what reading the current file found (nil when there was none).
    @discardableResult
    public static func replace(at path: String, created: Int64, visitCurrent: (JournalEntry) -> Void = { _ in },
                               with write: (inout Replacement) throws(JournalError) -> Void) throws(JournalError) -> JournalReport? {
        JournalPlatform.ignoreFileSizeSignal()
        let filePath = JournalPlatform.resolvedPath(path)
        if let kind = JournalPlatform.fileKind(path: filePath), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        let lock = try lockForReplace(filePath + ".lock")
        defer {
            JournalPlatform.unlock(lock)
            JournalPlatform.closeFile(lock)
        }
        let current = try readCurrent(filePath, path: path, visit: visitCurrent)
        let temporary = "\(filePath).compact-\(JournalPlatform.processID).tmp"
        // A leftover from a crashed compaction or replace by this pid is garbage: its rename
        // never happened.
        JournalPlatform.removeFile(temporary)
        let tfd = JournalPlatform.createExclusive(temporary)
        guard tfd >= 0 else { throw JournalError.io(temporary, "open", -tfd) }
        var replacement = Replacement(fd: tfd, path: path, temporary: temporary,
                                      buffer: LineEncoder.headerLine(created: current?.created ?? created),
                                      seq: current?.lastSeq ?? 0)
        do throws(JournalError) {
            var ownership = current?.ownership
            if ownership == nil, var own = JournalPlatform.ownership(tfd) {
                own.mode = 0o644
                ownership = own
            }
            if let ownership {
                let rc = JournalPlatform.apply(ownership, to: tfd)
                if rc != 0 {
                    var error = JournalError.io(path, "fchown/fchmod", rc)
                    error.detail += " (the new file would change the journal's owner or mode, so it was not written)"
                    throw error
                }
            }
            try write(&replacement)
            for body in current?.unknown ?? [] { try replacement.appendLine(body) }
            try replacement.flush()
            let rc = JournalPlatform.syncFile(tfd)
            if rc != 0 { throw JournalError.io(temporary, "fsync", rc) }
        } catch {
            JournalPlatform.closeFile(tfd)
            JournalPlatform.removeFile(temporary)
            throw error
        }
        JournalPlatform.closeFile(tfd)
        let rc = JournalPlatform.renameFile(temporary, filePath)
        if rc != 0 {
            JournalPlatform.removeFile(temporary)
            throw JournalError.io(path, "rename", rc)
        }
        let directory = Self.directory(of: filePath)
        let dfd = JournalPlatform.openDirectory(directory)
        guard dfd >= 0 else { throw JournalError.io(directory, "open", -dfd) }
        defer { JournalPlatform.closeFile(dfd) }
        let src = JournalPlatform.syncFile(dfd)
        if src != 0 { throw JournalError.io(directory, "fsync", src) }
        return current?.report
    }

    /// The lock file's descriptor, locked; the lock file is checked to be the one at
    /// `lockPath` once locked (one deleted or replaced meanwhile would exclude nobody).
    static func lockForReplace(_ lockPath: String) throws(JournalError) -> Int32 {
        for _ in 0..<16 {
            let fd = JournalPlatform.openAppend(lockPath)
            guard fd >= 0 else { throw JournalError.io(lockPath, "open", -fd) }
            let rc = JournalPlatform.lockExclusive(fd)
            if rc != 0 {
                JournalPlatform.closeFile(fd)
                throw JournalError.io(lockPath, "flock", rc)
            }
            if let held = JournalPlatform.fileID(fd), held == JournalPlatform.fileID(path: lockPath) { return fd }
            JournalPlatform.unlock(fd)
            JournalPlatform.closeFile(fd)
        }
        throw JournalError(.io, path: lockPath, operation: "flock", detail: "the lock file keeps being replaced")
    }

    /// What a replace keeps of the current file.
    struct CurrentFile {
        var created: Int64?
        var lastSeq: UInt64
        var ownership: JournalPlatform.Ownership?
        /// Bodies of records of unknown kinds, in file order.
        var unknown: [[UInt8]]
        var report: JournalReport
    }

    /// Reads the journal file at `filePath` (lock held), handing each record to `visit`;
    /// copies damaged lines to `<journal>.corrupt`. Nil when there is no file.
    static func readCurrent(_ filePath: String, path: String, visit: (JournalEntry) -> Void) throws(JournalError) -> CurrentFile? {
        let fd = JournalPlatform.openRead(filePath)
        guard fd >= 0 else {
            if JournalPlatform.isMissing(-fd) { return nil }
            throw JournalError.io(path, "open", -fd)
        }
        defer { JournalPlatform.closeFile(fd) }
        if let kind = JournalPlatform.fileKind(fd), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        let size = JournalPlatform.fileSize(fd)
        guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
        var current = CurrentFile(created: nil, lastSeq: 0, ownership: JournalPlatform.ownership(fd), unknown: [],
                                  report: JournalReport(path: path))
        if size == 0 {
            try refuseUnsizedContent(fd: fd, path: path, operation: "open")
            return current
        }
        let first = try readBytes(fd: fd, path: path, from: 0, count: min(size, headerReadBytes))
        guard let header = try header(first, fileSize: size, path: path, operation: "open") else {
            // A header torn while the file was being created: no record depended on it.
            try saveDamage(fd: fd, filePath: filePath, path: path, ranges: [(0, size)], ownership: current.ownership)
            return current
        }
        current.created = header.created
        var maxSeq: UInt64 = 0
        var unknown: [[UInt8]] = []
        var scanner = JournalScan(fd: fd, path: path, options: JournalOptions())
        let result = try scanner.scan(from: header.end, to: size, firstLine: 2, visit: { entry in
            visit(entry)
            maxSeq = max(maxSeq, entry.seq)
        }, visitUnknown: { seq, record in
            unknown.append(record.body)
            maxSeq = max(maxSeq, seq)
        })
        var damage = result.corrupted.map { (offset: $0.offset, length: $0.length) }
        damage += result.tornPieces
        try saveDamage(fd: fd, filePath: filePath, path: path, ranges: damage, ownership: current.ownership)
        current.lastSeq = maxSeq
        current.unknown = unknown
        current.report.records = result.lines - result.corrupted.count - result.unknown.count
        current.report.corruptedLines = result.corrupted
        current.report.unknownRecords = result.unknown
        if let torn = result.torn { current.report.repairs.append(torn) }
        return current
    }

    /// Appends the bytes of `ranges` of the open journal to `<journal>.corrupt` (the
    /// journal's mode and owner), each ending in a newline, and fsyncs it.
    static func saveDamage(fd: Int32, filePath: String, path: String, ranges: [(offset: Int, length: Int)],
                           ownership: JournalPlatform.Ownership?) throws(JournalError) {
        guard !ranges.isEmpty else { return }
        var out: [UInt8] = []
        for r in ranges {
            out += try readBytes(fd: fd, path: path, from: r.offset, count: min(r.length, JournalFormat.maximumLineBytes))
            if out.last != 0x0A { out.append(0x0A) }
        }
        let side = filePath + ".corrupt"
        let sfd = JournalPlatform.openAppendPrivate(side)
        guard sfd >= 0 else { throw JournalError.io(side, "open", -sfd) }
        defer { JournalPlatform.closeFile(sfd) }
        if let ownership { _ = JournalPlatform.apply(ownership, to: sfd) }
        let failure: Int32? = out.withUnsafeBytes { raw in
            var written = 0
            while written < raw.count {
                let n = JournalPlatform.writeOnce(sfd, UnsafeRawBufferPointer(rebasing: raw[written...]))
                if n < 0 { return Int32(truncatingIfNeeded: -n) }
                if n == 0 { return JournalPlatform.ioErrorCode }
                written += n
            }
            return nil
        }
        if let failure { throw JournalError.io(side, "write", failure) }
        let rc = JournalPlatform.syncFile(sfd)
        if rc != 0 { throw JournalError.io(side, "fsync", rc) }
    }
}
