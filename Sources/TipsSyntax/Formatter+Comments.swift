import TipsSource

/// Comment placement. Every comment is printed exactly once, in source order within its
/// block, either on its own line(s) before the construct it precedes or at the end of the
/// line where the construct before it ends.
extension FormatWriter {
    /// The printed text of a comment: a line comment loses trailing white space (the output
    /// has none); a block comment is kept byte for byte, inner line breaks included.
    func commentText(_ comment: Comment) -> String {
        guard comment.kind == .line else { return comment.text }
        var text = Substring(comment.text)
        while let last = text.last, last == " " || last == "\t" || last == "\r" {
            text = text.dropLast()
        }
        return String(text)
    }

    /// The 0-based source line of the last byte of a construct ending at `end`.
    func lastLine(endingAt end: Int32) -> Int {
        source.lineIndex(of: max(0, end - 1))
    }

    /// Marks comment `index` printed and advances the printed frontier.
    mutating func markPrinted(_ index: Int) {
        isPrinted[index] = true
        lastEnd = max(lastEnd, comments[index].range.end)
        while firstUnprinted < comments.count, isPrinted[firstUnprinted] {
            firstUnprinted += 1
        }
    }

    /// Prints the unprinted comments that start before `offset`, each on its own line at
    /// `indent`. With `keepBlankLines`, an empty line the author left before a comment is
    /// kept (collapsed to one). Comments that start on the line where the previous one ends
    /// stay on that line.
    mutating func ownLineComments(before offset: Int32, indent: Int, keepBlankLines: Bool = true) {
        var i = firstUnprinted
        while i < comments.count, comments[i].range.start < offset {
            if isPrinted[i] {
                i += 1
                continue
            }
            let comment = comments[i]
            if keepBlankLines, hasBlankLine(from: lastEnd, to: comment.range.start) { blankLine() }
            line(commentText(comment), indent: indent)
            markPrinted(i)
            var endLine = lastLine(endingAt: comment.range.end)
            i += 1
            while i < comments.count, !isPrinted[i], comments[i].range.start < offset,
                  source.lineIndex(of: comments[i].range.start) == endLine {
                appendToLastLine(commentText(comments[i]))
                markPrinted(i)
                endLine = lastLine(endingAt: comments[i].range.end)
                i += 1
            }
        }
    }

    /// Moves the comments inside a construct printed on one line out of it: they go on their
    /// own lines before it, since a line comment cannot stay inside a line.
    mutating func hoistComments(before offset: Int32, indent: Int) {
        ownLineComments(before: offset, indent: indent, keepBlankLines: false)
    }

    /// Prints, each on its own line before what comes next, the unprinted comments inside
    /// `range` (for comments in a part of a construct that is printed later than its place).
    mutating func hoistComments(in range: Range<Int32>, indent: Int) {
        for i in firstUnprinted..<comments.count where !isPrinted[i] {
            let r = comments[i].range
            if r.start >= range.upperBound { break }
            guard r.start >= range.lowerBound else { continue }
            line(commentText(comments[i]), indent: indent)
            markPrinted(i)
        }
    }

    /// Appends to the last printed line the comments that start on the source line where
    /// the construct ending at `end` ends, before `limit` (the enclosing block's `}`): an
    /// end-of-line comment stays at the end of its construct's line. With `onlyAtLineEnd`
    /// (after an opening `{` or `(`), a comment followed on its line by code is left for
    /// that code instead: `{ /* note */ }` keeps the note inside the block.
    mutating func trailingComments(after end: Int32, before limit: Int32, onlyAtLineEnd: Bool = false) {
        var endLine = lastLine(endingAt: end)
        var i = firstUnprinted
        while i < comments.count {
            let r = comments[i].range
            if isPrinted[i] || r.start < end {
                i += 1
                continue
            }
            guard r.start < limit, source.lineIndex(of: r.start) == endLine else { return }
            if onlyAtLineEnd, !onlyCommentsFollow(comment: i) { return }
            appendToLastLine(commentText(comments[i]))
            markPrinted(i)
            endLine = lastLine(endingAt: r.end)
            i += 1
        }
    }

    /// Whether only white space and comments follow comment `index` up to the end of its line.
    func onlyCommentsFollow(comment index: Int) -> Bool {
        var i = index
        while i < comments.count {
            if comments[i].kind == .line { return true }
            var offset = comments[i].range.end
            while let b = byte(at: offset), b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\r") {
                offset += 1
            }
            guard let b = byte(at: offset), b != UInt8(ascii: "\n") else { return true }
            i += 1
            guard i < comments.count, comments[i].range.start == offset else { return false }
        }
        return true
    }

    /// Whether an unprinted comment starts inside `range`; a list holding one is printed one
    /// element a line so the comment keeps its place.
    func hasComments(in range: Range<Int32>) -> Bool {
        for i in firstUnprinted..<comments.count where !isPrinted[i] {
            let start = comments[i].range.start
            if start >= range.upperBound { return false }
            if start >= range.lowerBound { return true }
        }
        return false
    }
}
