extension JournalMerge {
    /// `records` as the bytes of a complete journal file (header, then one line per record,
    /// numbered from 1): the form a sync layer can carry, that `decode(_:)` reads back,
    /// and that every journal tool (`tipc journal show`, `tipc journal merge`) reads too.
    /// Throws `.invalidValue` for a NaN or infinite double.
    public static func encode(_ records: [JournalRecord], created: Int64 = 0) throws(JournalError) -> [UInt8] {
        var out = LineEncoder.headerLine(created: created)
        var seq: UInt64 = 0
        for r in records {
            seq += 1
            LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(r, path: "<records>"), to: &out)
        }
        return out
    }

    /// The records of journal bytes (`encode(_:)`'s output, or a journal file's content).
    /// Refuses bytes that are not a journal of this version, and any damaged line: a sync
    /// payload arrives whole or is fetched again.
    public static func decode(_ bytes: [UInt8]) throws(JournalError) -> [JournalRecord] {
        let what = "<records>"
        return try bytes.withBytes { (raw: UnsafeRawBufferPointer) throws(JournalError) -> [JournalRecord] in
            guard let base = raw.baseAddress, let nl = JournalPlatform.findNewline(base, count: raw.count) else {
                throw JournalError(.invalidHeader, path: what, operation: "decode", detail: "no header line")
            }
            let header: (version: Int64, created: Int64)
            do throws(LineError) {
                header = try LineDecoder.decodeHeader(UnsafeRawBufferPointer(rebasing: raw[0..<nl]))
            } catch {
                throw JournalError(.invalidHeader, path: what, operation: "decode", detail: error.reason)
            }
            guard header.version == JournalFormat.version else {
                throw JournalError(.unsupportedVersion(header.version), path: what, operation: "decode")
            }
            let chunk = JournalReader.read(UnsafeRawBufferPointer(rebasing: raw[(nl + 1)...]), base: nl + 1, firstLine: 2)
            if let bad = chunk.corrupted.first {
                throw JournalError(.invalidHeader, path: what, operation: "decode",
                                   detail: "line \(bad.line) is damaged: \(bad.reason)")
            }
            if let torn = chunk.torn {
                throw JournalError(.invalidHeader, path: what, operation: "decode",
                                   detail: "line \(torn.line) is cut short: \(torn.reason)")
            }
            return chunk.entries.map(\.record)
        }
    }
}
