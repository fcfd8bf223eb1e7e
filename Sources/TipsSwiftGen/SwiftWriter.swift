/// Indented Swift source, line by line.
struct SwiftWriter {
    /// `internal` or `public`.
    let access: String
    private(set) var text = ""
    private var depth = 0

    init(access: String) { self.access = access }

    /// The current indentation.
    var indentation: String { String(repeating: "    ", count: depth) }

    /// One line at the current indentation (empty lines stay empty).
    mutating func line(_ content: String = "") {
        text += content.isEmpty ? "\n" : indentation + content + "\n"
    }

    /// `///` lines for `content`, one per line of it (an empty string gives `///`).
    mutating func doc(_ content: String) {
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        for l in lines {
            text += indentation + (l.isEmpty ? "///" : "/// " + l) + "\n"
        }
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
