/// One `.tips` file: its path as given, its bytes, and a table of line starts.
public struct SourceFile: Sendable {
    /// The id of this file inside its ``SourceSet``.
    public let id: FileID
    /// The path used in diagnostics, as the user named it.
    public let path: String
    /// The raw UTF-8 bytes. Offsets in ``SourceRange`` index into this.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; the first entry is 0.
    public let lineStarts: [Int32]

    /// Creates a file from its text.
    public init(id: FileID, path: String, text: String) {
        self.init(id: id, path: path, bytes: Array(text.utf8))
    }

    /// Creates a file from raw bytes (which need not be valid UTF-8; the lexer reports that).
    public init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
        var starts: [Int32] = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            starts.append(Int32(i + 1))
        }
        self.lineStarts = starts
    }

    /// The whole text, with invalid UTF-8 repaired.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The 0-based index of the line holding `offset`.
    public func lineIndex(of offset: Int32) -> Int {
        // Binary search for the last line start <= offset.
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The line and column of `offset`.
    public func location(of offset: Int32) -> SourceLocation {
        let line = lineIndex(of: offset)
        let start = Int(lineStarts[line])
        let end = min(Int(offset), bytes.count)
        // Columns count Unicode scalars, so an emoji is one column: skip continuation bytes.
        var column = 1
        if start < end {
            for b in bytes[start..<end] where b & 0xC0 != 0x80 { column += 1 }
        }
        return SourceLocation(line: line + 1, column: column)
    }

    /// The text of the 0-based line `index`, without its line terminator.
    public func lineText(_ index: Int) -> String {
        guard index >= 0, index < lineStarts.count else { return "" }
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The source text covered by `range`.
    public func text(in range: SourceRange) -> String {
        let s = max(0, min(Int(range.start), bytes.count))
        let e = max(s, min(Int(range.end), bytes.count))
        return String(decoding: bytes[s..<e], as: UTF8.self)
    }
}
