/// Read-only access for tools and tests: no lock, no repair, nothing written.
extension Journal {
    /// Every valid entry of the journal at `path`, in file order, with a report of what a
    /// writer's open would repair (`repairs`), what it would skip (`corruptedLines`), the
    /// records of unknown kinds it keeps, and sequence numbers that fail to go up.
    ///
    /// Reads in bounded chunks (memory grows with the entries, not with damage) and refuses
    /// anything but a regular file without reading from it.
    public static func readEntries(at path: String) throws(JournalError) -> (entries: [JournalEntry], report: JournalReport) {
        let read = try readEntries(at: path, options: JournalOptions())
        return (read.entries, read.report)
    }

    static func readEntries(at path: String, options: JournalOptions) throws(JournalError)
        -> (entries: [JournalEntry], report: JournalReport, peakReadBytes: Int) {
        if let kind = JournalPlatform.fileKind(path: path), kind != .regular {
            throw JournalError.notRegularFile(path, kind)
        }
        let fd = JournalPlatform.openRead(path)
        guard fd >= 0 else { throw JournalError.io(path, "open", -fd) }
        defer { JournalPlatform.closeFile(fd) }
        if let kind = JournalPlatform.fileKind(fd), kind != .regular { throw JournalError.notRegularFile(path, kind) }
        let size = JournalPlatform.fileSize(fd)
        guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
        var report = JournalReport(path: path)
        if size == 0 {
            try refuseUnsizedContent(fd: fd, path: path, operation: "read")
            return ([], report, 0)
        }
        let first = try readBytes(fd: fd, path: path, from: 0, count: min(size, headerReadBytes))
        guard let header = try header(first, fileSize: size, path: path, operation: "read") else {
            report.repairs.append(JournalReport.Repair(line: 1, offset: 0, bytes: size, reason: "no trailing newline"))
            return ([], report, first.count)
        }
        var entries: [JournalEntry] = []
        // Every line that reaches a visitor, in file order: its sequence number.
        var seqs: [UInt64] = []
        var scanner = JournalScan(fd: fd, path: path, options: options)
        let result = try scanner.scan(from: header.end, to: size, firstLine: 2, visit: { entry in
            entries.append(entry)
            seqs.append(entry.seq)
        }, visitUnknown: { seq, _ in
            seqs.append(seq)
        })
        // Visited lines are the scanned lines less the corrupted ones, in order.
        let damaged = Set(result.corrupted.map(\.line))
        var line = 1
        var previous: UInt64?
        for seq in seqs {
            line += 1
            while damaged.contains(line) { line += 1 }
            if let previous, seq <= previous {
                report.sequenceProblems.append(JournalReport.SequenceProblem(line: line, seq: seq, previous: previous))
            }
            previous = max(previous ?? 0, seq)
        }
        report.records = entries.count
        report.corruptedLines = result.corrupted
        report.unknownRecords = result.unknown
        if let torn = result.torn { report.repairs.append(torn) }
        return (entries, report, max(first.count, scanner.peakReadBytes))
    }
}
