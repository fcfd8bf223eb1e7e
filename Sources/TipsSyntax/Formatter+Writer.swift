import TipsSource

/// The state of one formatting run: the lines printed so far and which comments they hold.
///
/// Printing is line-based: every construct prints whole lines, and the comment helpers in
/// `Formatter+Comments.swift` put comments before a construct (own lines) or after it (end
/// of its last line). `lastEnd` remembers how far the source has been printed, so the gap to
/// the next construct tells whether the author left a blank line there.
struct FormatWriter {
    /// One level of indentation.
    static let indentUnit = "    "
    /// Lists longer than this (in columns, indentation included) are printed one element a line.
    static let maxWidth = 100

    let source: SourceFile
    /// Every comment of the file, in source order.
    let comments: [Comment]
    /// Whether `comments[i]` has been printed; each is printed exactly once.
    var isPrinted: [Bool]
    /// Every comment before this index is printed (an optimisation: most are printed in order).
    var firstUnprinted = 0
    /// The lines printed so far, without newlines.
    var lines: [String] = []
    /// The end offset of the last construct or comment printed.
    var lastEnd: Int32 = 0
    /// True right after a block opens (and at the start of the file): no blank line goes there.
    var atBlockStart = true

    init(source: SourceFile, comments: [Comment]) {
        self.source = source
        self.comments = comments.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        self.isPrinted = Array(repeating: false, count: comments.count)
    }

    /// The formatted text: the lines, each ending with a newline.
    var output: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Prints `text` on a line of its own at `indent` levels.
    mutating func line(_ text: String, indent: Int) {
        lines.append(String(repeating: Self.indentUnit, count: max(0, indent)) + text)
        atBlockStart = false
    }

    /// Prints one blank line, unless at the start of a block or after another blank line.
    mutating func blankLine() {
        guard !atBlockStart, let last = lines.last, !last.isEmpty else { return }
        lines.append("")
    }

    /// Adds `text` at the end of the last line, after one space.
    mutating func appendToLastLine(_ text: String) {
        if lines.isEmpty {
            lines.append(text)
        } else {
            lines[lines.count - 1] += " " + text
        }
    }

    /// Whether `text` fits on one line at `indent` levels.
    func fits(_ text: String, indent: Int) -> Bool {
        max(0, indent) * Self.indentUnit.count + text.unicodeScalars.count <= Self.maxWidth
    }

    /// The byte at `offset`, or nil outside the file.
    func byte(at offset: Int32) -> UInt8? {
        guard offset >= 0, Int(offset) < source.bytes.count else { return nil }
        return source.bytes[Int(offset)]
    }

    /// Whether the source between `start` and `end` holds an empty line: two line breaks
    /// with only white space between them.
    func hasBlankLine(from start: Int32, to end: Int32) -> Bool {
        let lower = max(0, Int(start))
        let upper = min(Int(end), source.bytes.count)
        guard lower < upper else { return false }
        var newlines = 0
        for b in source.bytes[lower..<upper] {
            switch b {
            case UInt8(ascii: "\n"):
                newlines += 1
                if newlines >= 2 { return true }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                continue
            default:
                newlines = 0
            }
        }
        return false
    }

    /// The offset of the first `target` byte in `start..<end` outside comments; the tree
    /// does not record punctuation such as `{`, so the formatter finds it in the source.
    func find(_ target: Character, from start: Int32, to end: Int32) -> Int32? {
        guard let ascii = target.asciiValue else { return nil }
        var offset = max(0, start)
        let limit = min(end, Int32(clamping: source.bytes.count))
        var c = firstComment(endingAfter: offset)
        while offset < limit {
            if c < comments.count, comments[c].range.start <= offset {
                offset = max(offset + 1, comments[c].range.end)
                c += 1
                continue
            }
            if source.bytes[Int(offset)] == ascii { return offset }
            offset += 1
        }
        return nil
    }

    /// The index of the first comment that ends after `offset` (binary search).
    private func firstComment(endingAfter offset: Int32) -> Int {
        var lo = 0
        var hi = comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if comments[mid].range.end <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The offsets of the `{` and `}` of a block construct spanning `range`, whose header ends
    /// at `headerEnd`.
    func braces(of range: SourceRange, after headerEnd: Int32) -> (open: Int32, close: Int32) {
        let close = range.end > range.start && byte(at: range.end - 1) == UInt8(ascii: "}")
            ? range.end - 1 : range.end
        let open = find("{", from: headerEnd, to: close) ?? headerEnd
        return (open, max(open, close))
    }

    /// The source text of `range` if it is non-empty and inside the file (hand-built trees
    /// have empty ranges; their literals are printed from their values instead).
    func sourceText(_ range: SourceRange) -> String? {
        guard range.file == source.id, range.start >= 0, range.end > range.start,
              Int(range.end) <= source.bytes.count else { return nil }
        return source.text(in: range)
    }
}
