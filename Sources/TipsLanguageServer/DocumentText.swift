/// The text of an open document and where its lines start, kept in step edit by edit: an
/// incremental `didChange` finds its range from the line table and updates the table for
/// the lines the edit touched, instead of rebuilding it from the whole text (a keystroke in
/// a 1 MB file costs about a memmove of it, not a scan of every byte).
struct DocumentText: Sendable {
    private(set) var bytes: [UInt8]
    /// Byte offset at which each line starts (after each `\n`); the first is 0, as in `SourceFile`.
    private(set) var lineStarts: [Int32]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = DocumentText.lineStarts(of: bytes[...], from: 0)
    }

    /// Line starts of the lines beginning inside `bytes` (placed at `base`), with 0 first when `base` is 0.
    private static func lineStarts(of bytes: ArraySlice<UInt8>, from base: Int) -> [Int32] {
        var starts: [Int32] = base == 0 ? [0] : []
        for i in bytes.indices where bytes[i] == 0x0A { starts.append(Int32(base + i - bytes.startIndex + 1)) }
        return starts
    }

    /// The byte offset of an LSP position (clamped as `SourceFile.offset(of:encoding:)` does).
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        Int(LSPText.offset(of: position, bytes: bytes, lineStarts: lineStarts, encoding: encoding))
    }

    /// Replaces the bytes in `range` with `text`.
    mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
        // Lines starting inside (lower, upper] lose their start; the text's line breaks add theirs.
        let first = lineIndex(of: range.lowerBound)
        let last = lineIndex(of: range.upperBound)
        let added = DocumentText.lineStarts(of: text[...], from: range.lowerBound).filter { $0 != 0 }
        lineStarts.replaceSubrange((first + 1)..<(last + 1), with: added)
        let delta = Int32(text.count - range.count)
        if delta != 0 {
            for i in (first + 1 + added.count)..<lineStarts.count { lineStarts[i] += delta }
        }
        bytes.replaceSubrange(range, with: text)
    }

    /// The 0-based index of the line holding `offset`.
    private func lineIndex(of offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(lineStarts[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
