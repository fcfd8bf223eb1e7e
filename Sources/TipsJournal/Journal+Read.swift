/// Read-only access for tools and tests: no lock, no repair, nothing written.
extension Journal {
    /// Every valid entry of the journal at `path`, in file order, with a report of what a
    /// writer's open would repair (`repairs`) and what it would skip (`corruptedLines`).
    public static func readEntries(at path: String) throws(JournalError) -> (entries: [JournalEntry], report: JournalReport) {
        let fd = JournalPlatform.openRead(path)
        guard fd >= 0 else { throw JournalError.io(path, "open", -fd) }
        defer { JournalPlatform.closeFile(fd) }
        let size = JournalPlatform.fileSize(fd)
        guard size >= 0 else { throw JournalError.io(path, "fstat", Int32(-size)) }
        var report = JournalReport(path: path)
        if size == 0 { return ([], report) }
        let bytes = try readBytes(fd: fd, path: path, from: 0, count: size)
        return try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(JournalError) in
            guard let base = raw.baseAddress,
                  let nl = JournalPlatform.findNewline(base, count: raw.count) else {
                report.repairs.append(JournalReport.Repair(line: 1, offset: 0, bytes: raw.count,
                                                           reason: "no trailing newline"))
                return ([], report)
            }
            let header: (version: Int64, created: Int64)
            do throws(LineError) {
                header = try LineDecoder.decodeHeader(UnsafeRawBufferPointer(rebasing: raw[0..<nl]))
            } catch {
                throw JournalError(.invalidHeader, path: path, operation: "read", detail: error.reason)
            }
            guard header.version == JournalFormat.version else {
                throw JournalError(.unsupportedVersion(header.version), path: path, operation: "read")
            }
            let chunk = JournalReader.read(UnsafeRawBufferPointer(rebasing: raw[(nl + 1)...]),
                                           base: nl + 1, firstLine: 2)
            report.records = chunk.entries.count
            report.corruptedLines = chunk.corrupted
            if let torn = chunk.torn { report.repairs.append(torn) }
            return (chunk.entries, report)
        }
    }
}
