/// Splits journal bytes into lines and decodes them: the replay hot loop.
///
/// Pure: it reports what should be cut off but never touches a file, so the writer decides
/// (under the lock) whether to repair and read-only tools can just look.
struct JournalReader {
    /// What one pass over a range of bytes produced.
    struct Chunk {
        var entries: [JournalEntry] = []
        var corrupted: [JournalReport.CorruptedLine] = []
        /// Set when the final line is torn: the offset where the file should end instead.
        var torn: JournalReport.Repair?
        /// Offset just past the last line kept (complete, valid or skipped-corrupted).
        var end: Int
        /// Lines consumed (kept ones, not the torn one).
        var lines = 0
        /// Lines of unknown record kinds (kept, not corrupted).
        var unknown: [JournalReport.UnknownRecord] = []
    }

    /// Decodes `bytes` (which start at file offset `base`, line number `firstLine`).
    ///
    /// With `atEnd` (the bytes reach the end of the file) the last line is torn when it has
    /// no newline, or has one but fails to decode. Without it, an unfinished last line is
    /// left for the next chunk (`end` stops before it) and a bad one is just corrupted.
    /// Lines longer than `maxLineBytes` (newline included) are damage whatever they hold:
    /// the writer never writes one. Unknown record kinds that pass their checksum go to
    /// `visitUnknown` in file order with the records.
    static func read(_ bytes: UnsafeRawBufferPointer, base: Int, firstLine: Int,
                     atEnd: Bool = true, keepEntries: Bool = true,
                     maxLineBytes: Int = JournalFormat.maximumLineBytes,
                     visit: (JournalEntry) -> Void = { _ in },
                     visitUnknown: (UInt64, JournalState.UnknownRecord) -> Void = { _, _ in }) -> Chunk {
        var decoder = ReplayDecoder()
        return read(bytes, base: base, firstLine: firstLine, atEnd: atEnd, keepEntries: keepEntries,
                    maxLineBytes: maxLineBytes, decoder: &decoder, visit: visit, visitUnknown: visitUnknown)
    }

    /// `read`, with the fast decoder (and its caches) kept by the caller across chunks.
    /// Each line goes to `decoder` first and, when it declines, to `LineDecoder`.
    static func read(_ bytes: UnsafeRawBufferPointer, base: Int, firstLine: Int,
                     atEnd: Bool, keepEntries: Bool, maxLineBytes: Int,
                     decoder: inout ReplayDecoder,
                     visit: (JournalEntry) -> Void,
                     visitUnknown: (UInt64, JournalState.UnknownRecord) -> Void) -> Chunk {
        var chunk = Chunk(end: base)
        let n = bytes.count
        var start = 0
        var lineNumber = firstLine
        guard let basePtr = bytes.baseAddress else { return chunk }
        while start < n {
            guard let nl = JournalPlatform.findNewline(basePtr + start, count: n - start) else {
                if !atEnd { return chunk }
                chunk.torn = JournalReport.Repair(line: lineNumber, offset: base + start,
                                                  bytes: n - start, reason: "no trailing newline")
                return chunk
            }
            let end = start + nl
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            do throws(LineError) {
                guard end + 1 - start <= maxLineBytes else {
                    throw LineError("line longer than \(maxLineBytes) bytes")
                }
                let entry: JournalEntry
                if let fast = decoder.decode(line) {
                    entry = fast
                } else {
                    entry = try LineDecoder.decodeRecord(line)
                }
                visit(entry)
                if keepEntries { chunk.entries.append(entry) }
            } catch let error where error.unknown != nil {
                if let (seq, record) = error.unknown {
                    visitUnknown(seq, record)
                    chunk.unknown.append(JournalReport.UnknownRecord(line: lineNumber, seq: seq, kind: record.kind))
                }
            } catch {
                if atEnd, end + 1 == n {
                    chunk.torn = JournalReport.Repair(line: lineNumber, offset: base + start,
                                                      bytes: n - start, reason: error.reason)
                    return chunk
                }
                chunk.corrupted.append(JournalReport.CorruptedLine(line: lineNumber, offset: base + start,
                                                                   length: end + 1 - start,
                                                                   reason: error.reason))
            }
            start = end + 1
            chunk.end = base + start
            chunk.lines += 1
            lineNumber += 1
        }
        return chunk
    }
}
