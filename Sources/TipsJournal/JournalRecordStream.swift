/// The records of a journal file, read a few megabytes at a time as they are asked for:
/// for a caller that folds them as they come (`JournalMerge(records:)` in
/// `tipc journal merge`), so memory holds one chunk's records whatever the file's size.
///
/// Read-only and without the lock, like ``Journal/readEntries(at:)``, and it refuses the
/// same files (anything but a regular file, a first line that is no header). Corrupted
/// lines are skipped and listed in ``report``, a torn tail too; a read failure part way
/// ends the records early and is kept in ``failure``: check it after iterating.
public final class JournalRecordStream: Sequence {
    let fd: Int32
    let path: String
    let size: Int
    var scanner: JournalScan
    /// The next line to read, and its number.
    var offset = 0
    var line = 2
    /// Bytes scanned per chunk.
    let chunkSize: Int
    /// The chunk now: doubled while a single line is longer.
    var rangeBytes: Int
    var buffer: [JournalRecord] = []
    var index = 0
    var finished = false

    /// What reading found: records, corrupted lines, a torn tail, unknown kinds.
    public private(set) var report: JournalReport
    /// The failure that ended the records early, if any.
    public private(set) var failure: JournalError?

    /// Bytes read per chunk: about 30,000 records.
    static let chunkBytes = 4 << 20

    /// Opens the journal at `path` and reads its header.
    public convenience init(path: String) throws(JournalError) {
        try self.init(path: path, chunkBytes: Self.chunkBytes)
    }

    /// `chunkBytes`: the bytes read per chunk (tests shrink it to cross boundaries).
    init(path: String, chunkBytes: Int) throws(JournalError) {
        self.chunkSize = Swift.max(1, chunkBytes)
        rangeBytes = chunkSize
        if let kind = JournalPlatform.fileKind(path: path), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        let fd = JournalPlatform.openRead(path)
        guard fd >= 0 else { throw JournalError.io(path, "open", -fd) }
        self.fd = fd
        self.path = path
        report = JournalReport(path: path)
        scanner = JournalScan(fd: fd, path: path, options: JournalOptions())
        size = JournalPlatform.fileSize(fd)
        // From here `deinit` closes `fd`.
        if let kind = JournalPlatform.fileKind(fd), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
        if size == 0 {
            try Journal.refuseUnsizedContent(fd: fd, path: path, operation: "read")
            finished = true
            return
        }
        let first = try Journal.readBytes(fd: fd, path: path, from: 0, count: Swift.min(size, Journal.headerReadBytes))
        guard let header = try Journal.header(first, fileSize: size, path: path, operation: "read") else {
            report.repairs.append(JournalReport.Repair(line: 1, offset: 0, bytes: size, reason: "no trailing newline"))
            finished = true
            return
        }
        offset = header.end
    }

    deinit { JournalPlatform.closeFile(fd) }

    public struct Iterator: IteratorProtocol {
        let stream: JournalRecordStream
        public mutating func next() -> JournalRecord? { stream.next() }
    }

    /// Single pass: every iterator continues where the last one stopped.
    public func makeIterator() -> Iterator { Iterator(stream: self) }

    func next() -> JournalRecord? {
        while index == buffer.count {
            guard !finished else { return nil }
            do throws(JournalError) {
                try readChunk()
            } catch {
                failure = error
                finished = true
                buffer = []
                index = 0
                return nil
            }
        }
        defer { index += 1 }
        return buffer[index]
    }

    /// Reads the next chunk of whole lines into `buffer`.
    func readChunk() throws(JournalError) {
        var records: [JournalRecord] = []
        let end = Swift.min(size, offset + rangeBytes)
        let result = try scanner.scan(from: offset, to: end, firstLine: line, visit: { records.append($0.record) },
                                      visitUnknown: { _, _ in })
        var next = result.end
        if end < size, let torn = result.torn {
            // The chunk ends inside a line: it is read again with the next chunk (and
            // corrupted lines the scan folded into it are reported then).
            next = torn.offset
            guard next > offset else {
                // One line longer than the chunk: a bigger chunk, up to the rest of the file.
                rangeBytes = rangeBytes.multipliedReportingOverflow(by: 2).partialValue
                return
            }
        } else if let torn = result.torn {
            report.repairs.append(torn)
        }
        rangeBytes = chunkSize
        report.corruptedLines += result.corrupted
        report.unknownRecords += result.unknown
        report.records += records.count
        line += result.lines
        offset = next
        if end == size { finished = true }
        buffer = records
        index = 0
    }
}
