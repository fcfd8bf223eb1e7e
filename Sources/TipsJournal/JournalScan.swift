/// Reads the lines of an open journal in bounded chunks: the replay loop shared by writers
/// (`Journal.open`, catch-up) and the read-only reader.
///
/// Memory stays bounded whatever the file holds: a line longer than `maxLineBytes` (which no
/// writer writes) is skipped by looking for its end chunk by chunk, never held whole, so a
/// gigabyte-long damaged tail can still be found and cut off.
struct JournalScan {
    let fd: Int32
    let path: String
    let chunkBytes: Int
    let maxLineBytes: Int
    /// The largest single read so far (tests check the bound).
    private(set) var peakReadBytes = 0
    /// Replay's fast path, its caches kept across chunks.
    private var decoder: ReplayDecoder

    init(fd: Int32, path: String, options: JournalOptions) {
        self.fd = fd
        self.path = path
        self.decoder = ReplayDecoder(enabled: options.fastReplay)
        self.maxLineBytes = max(64, options.maxLineBytes)
        self.chunkBytes = max(1, min(options.readChunkBytes, maxLineBytes))
    }

    /// What one scan found, as `JournalReader.Chunk` but for a whole range of the file.
    struct Result {
        var corrupted: [JournalReport.CorruptedLine] = []
        var unknown: [JournalReport.UnknownRecord] = []
        var torn: JournalReport.Repair?
        /// The pieces of the torn tail: the final line and any corrupted lines right before
        /// it (each capped at the line limit), for the copy kept in `.corrupt`.
        var tornPieces: [(offset: Int, length: Int)] = []
        /// Offset just past the last line kept.
        var end: Int
        /// Lines consumed, torn one excluded.
        var lines = 0
    }

    /// Reads `start..<size` (`start` is a line start, line number `firstLine`), handing
    /// every record and unknown record to the visitors in file order.
    ///
    /// Corrupted lines right before a torn tail belong to the tail: cutting the tail alone
    /// would make the next of them the last line, which the next open would cut in turn, so
    /// a repair would not be final and reader and writer would disagree after it.
    mutating func scan(from start: Int, to size: Int, firstLine: Int,
                       visit: (JournalEntry) -> Void,
                       visitUnknown: (UInt64, JournalState.UnknownRecord) -> Void) throws(JournalError) -> Result {
        var result = try scanLines(from: start, to: size, firstLine: firstLine, visit: visit, visitUnknown: visitUnknown)
        guard var torn = result.torn else { return result }
        result.tornPieces = [(torn.offset, min(torn.bytes, maxLineBytes))]
        while let last = result.corrupted.last, last.offset + last.length == torn.offset {
            result.corrupted.removeLast()
            result.tornPieces.insert((last.offset, min(last.length, maxLineBytes)), at: 0)
            torn = JournalReport.Repair(line: last.line, offset: last.offset, bytes: torn.bytes + last.length,
                                        reason: torn.reason)
            result.lines -= 1
            result.end = last.offset
        }
        result.torn = torn
        return result
    }

    private mutating func scanLines(from start: Int, to size: Int, firstLine: Int,
                                    visit: (JournalEntry) -> Void,
                                    visitUnknown: (UInt64, JournalState.UnknownRecord) -> Void) throws(JournalError) -> Result {
        var result = Result(end: start)
        var offset = start
        var line = firstLine
        var chunk = chunkBytes
        while offset < size {
            let count = min(chunk, size - offset)
            let atEnd = offset + count == size
            let bytes = try read(from: offset, count: count)
            let part = bytes.withUnsafeBytes { raw in
                JournalReader.read(raw, base: offset, firstLine: line, atEnd: atEnd, keepEntries: false,
                                   maxLineBytes: maxLineBytes, decoder: &decoder, visit: visit, visitUnknown: visitUnknown)
            }
            result.corrupted += part.corrupted
            result.unknown += part.unknown
            if part.end == offset, part.torn == nil, !atEnd {
                // Not one whole line in `count` bytes.
                if count < maxLineBytes {
                    chunk = min(chunk.multipliedReportingOverflow(by: 2).partialValue, maxLineBytes)
                    continue
                }
                // Longer than any line a writer writes: damage. Find where it ends.
                let reason = "line longer than \(maxLineBytes) bytes"
                guard let newline = try findNewline(from: offset + count, to: size) else {
                    result.torn = JournalReport.Repair(line: line, offset: offset, bytes: size - offset,
                                                       reason: "no trailing newline (\(reason))")
                    return result
                }
                let length = newline + 1 - offset
                if newline + 1 == size {
                    result.torn = JournalReport.Repair(line: line, offset: offset, bytes: length, reason: reason)
                    return result
                }
                result.corrupted.append(JournalReport.CorruptedLine(line: line, offset: offset, length: length, reason: reason))
                offset = newline + 1
                line += 1
                result.lines += 1
                result.end = offset
                chunk = chunkBytes
                continue
            }
            offset = part.end
            line += part.lines
            result.lines += part.lines
            result.end = offset
            if let torn = part.torn {
                result.torn = torn
                return result
            }
            chunk = chunkBytes
        }
        return result
    }

    /// The offset of the first newline in `from..<size`, read a chunk at a time.
    mutating func findNewline(from: Int, to size: Int) throws(JournalError) -> Int? {
        var offset = from
        while offset < size {
            let count = min(chunkBytes, size - offset)
            let bytes = try read(from: offset, count: count)
            let hit = bytes.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress else { return nil }
                return JournalPlatform.findNewline(base, count: raw.count)
            }
            if let hit { return offset + hit }
            if bytes.count < count { return nil }  // the file shrank under a reader without the lock
            offset += count
        }
        return nil
    }

    /// Up to `count` bytes at `offset`.
    mutating func read(from offset: Int, count: Int) throws(JournalError) -> [UInt8] {
        peakReadBytes = max(peakReadBytes, count)
        return try Journal.readBytes(fd: fd, path: path, from: offset, count: count)
    }
}
