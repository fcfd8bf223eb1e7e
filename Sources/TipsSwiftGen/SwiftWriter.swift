/// Indented Swift source, line by line.
///
/// Code lines (``line(_:)``, ``open(_:)``) are the generator's own text, names from
/// ``SwiftNames`` and literals from ``SwiftEscaping/stringLiteral(_:)``; catalog text goes
/// into comments only through ``doc(_:)`` and ``comment(_:)``, which escape it.
struct SwiftWriter {
    /// `internal` or `public`.
    let access: String
    private(set) var text = ""
    private var depth = 0

    init(access: String) { self.access = access }

    /// The current indentation.
    var indentation: String { String(repeating: "    ", count: depth) }

    /// One line of code at the current indentation (empty lines stay empty).
    mutating func line(_ content: String = "") {
        assert(!content.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "a code line holds a line break")
        text += content.isEmpty ? "\n" : indentation + content + "\n"
    }

    /// `///` lines for `content`, one per line of it as Swift counts lines (an empty
    /// string gives `///`).
    mutating func doc(_ content: String) {
        for l in SwiftEscaping.commentLines(content) {
            text += indentation + (l.isEmpty ? "///" : "/// " + l) + "\n"
        }
    }

    /// One `//` line for `content`; its line breaks are escaped, not kept.
    mutating func comment(_ content: String) {
        text += indentation + "// " + SwiftEscaping.commentText(content) + "\n"
    }

    /// `header {` and one level deeper.
    mutating func open(_ header: String) {
        line(header + " {")
        depth += 1
    }

    /// One level out and `}`.
    mutating func close() {
        depth -= 1
        line("}")
    }
}
