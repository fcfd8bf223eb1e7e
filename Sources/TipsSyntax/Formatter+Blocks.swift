import TipsSource

/// The shapes shared by every block: `header { items }` and wrapped lists.
extension FormatWriter {
    /// A half-open offset range that never traps, even if the ends are out of order.
    static func span(_ lower: Int32, _ upper: Int32) -> Range<Int32> {
        lower..<max(lower, upper)
    }

    /// Prints the members of a block, one per line at `indent`, each with its comments:
    /// those before it on their own lines (keeping one blank line where the author left
    /// any), those at the end of its last line after it. `print` prints the member itself,
    /// hoisting the comments inside it if it fits on one line.
    mutating func members<Member>(
        _ members: [Member], indent: Int, close: Int32,
        range: (Member) -> SourceRange, print: (inout FormatWriter, Member, Int) -> Void
    ) {
        for (index, member) in members.enumerated() {
            let r = range(member)
            ownLineComments(before: r.start, indent: indent)
            if hasBlankLine(from: lastEnd, to: r.start) { blankLine() }
            print(&self, member, indent)
            lastEnd = max(lastEnd, r.end)
            // Comments after the next member (on the same source line) are that member's.
            let next = index + 1 < members.count ? range(members[index + 1]).start : close
            trailingComments(after: r.end, before: min(next, close))
        }
    }

    /// Prints `header {` ... `}` with the members inside, or `header {}` when there is
    /// nothing inside, not even a comment. `open` and `close` are the braces' offsets.
    mutating func block<Member>(
        header: String, indent: Int, open: Int32, close: Int32, members list: [Member],
        range: (Member) -> SourceRange, print: (inout FormatWriter, Member, Int) -> Void
    ) {
        if list.isEmpty, !hasComments(in: Self.span(open + 1, close)) {
            line(header + " {}", indent: indent)
            return
        }
        line(header + " {", indent: indent)
        lastEnd = max(lastEnd, open + 1)
        trailingComments(after: open + 1, before: list.first.map { range($0).start } ?? close, onlyAtLineEnd: true)
        atBlockStart = true
        members(list, indent: indent + 1, close: close, range: range, print: print)
        ownLineComments(before: close, indent: indent + 1)
        line("}", indent: indent)
    }

    /// Prints a comma-separated list of names or fields between `open` and `close`
    /// (`{ a, b }` or `(a: T, b: U)`): on one line as `single` if it fits and holds no
    /// comment, otherwise `header` + opening delimiter, one element a line with a trailing
    /// comma, and a closing line `closer`. Returns whether it was wrapped.
    @discardableResult
    mutating func list(
        single: String, header: String, closer: String, indent: Int, open: Int32, close: Int32,
        elements: [(text: String, range: SourceRange)], opening: String
    ) -> Bool {
        if elements.isEmpty || (!hasComments(in: Self.span(open + 1, close)) && fits(single, indent: indent)) {
            line(single, indent: indent)
            return false
        }
        line(header + opening, indent: indent)
        lastEnd = max(lastEnd, open + 1)
        trailingComments(after: open + 1, before: elements.first?.range.start ?? close, onlyAtLineEnd: true)
        atBlockStart = true
        members(elements, indent: indent + 1, close: close, range: { $0.range }) { writer, element, indent in
            writer.hoistComments(before: element.range.end, indent: indent)
            writer.line(element.text + ",", indent: indent)
        }
        ownLineComments(before: close, indent: indent + 1)
        line(closer, indent: indent)
        return true
    }
}
