extension DiagnosticRenderer {
    /// ANSI styles used when ``Options/colored`` is set.
    enum Style: String {
        case bold = "\u{1B}[1m"
        case red = "\u{1B}[1;31m"
        case yellow = "\u{1B}[1;33m"
        case cyan = "\u{1B}[1;36m"
        case green = "\u{1B}[1;32m"
        case reset = "\u{1B}[0m"

        static func of(_ severity: Severity) -> Style {
            switch severity {
            case .error: .red
            case .warning: .yellow
            case .note: .cyan
            }
        }
    }

    /// Renders diagnostics for people, in the order given (callers sort with
    /// ``Swift/Array/sortedForOutput()``):
    ///
    /// ```text
    /// Tips/Shortcuts.tips:9:16: error: unknown event 'manualSav' [E201]
    ///     rule count(manualSav within 7d) >= 3
    ///                ^~~~~~~~~
    /// note: did you mean 'manualSave'?
    /// fix-it: replace 'manualSav' with 'manualSave'
    /// ```
    ///
    /// A range spanning several lines is underlined to the end of its first line. At most
    /// ``Options/limit`` diagnostics are printed, then `... and N more`. Every line ends
    /// with a newline; no diagnostics gives the empty string.
    public static func text(_ diagnostics: [Diagnostic], sources: SourceSet,
                            options: Options = Options()) -> String {
        var out = ""
        let limit = max(0, options.limit)
        for diagnostic in diagnostics.prefix(limit) {
            renderText(diagnostic, sources: sources, options: options, into: &out)
        }
        if diagnostics.count > limit {
            out += "... and \(diagnostics.count - limit) more\n"
        }
        return out
    }

    private static func renderText(_ d: Diagnostic, sources: SourceSet, options: Options,
                                   into out: inout String) {
        let style = Style.of(d.severity)
        header(at: d.range, severity: d.severity, message: "\(quoted(d.message)) [\(d.code)]",
               sources: sources, options: options, into: &out)
        excerpt(of: d.range, style: style, sources: sources, options: options, into: &out)
        for note in d.notes {
            if let range = note.range {
                header(at: range, severity: .note, message: quoted(note.message), sources: sources,
                       options: options, into: &out)
                excerpt(of: range, style: .cyan, sources: sources, options: options, into: &out)
            } else {
                out += paint("note:", .cyan, options) + " " + quoted(note.message) + "\n"
            }
        }
        for fixIt in d.fixIts {
            let label = paint("fix-it:", .green, options)
            if fixIt.edits.isEmpty {
                out += label + " " + quoted(fixIt.message) + "\n"
            }
            for edit in fixIt.edits {
                out += label + " " + describe(edit, in: sources) + "\n"
            }
        }
    }

    /// `path:line:col: severity: message`, bold location and message, coloured severity.
    private static func header(at range: SourceRange, severity: Severity, message: String,
                               sources: SourceSet, options: Options, into out: inout String) {
        let span = span(of: range, in: sources)
        let location = "\(span.path):\(span.start.line):\(span.start.column):"
        if options.colored {
            out += paint(location, .bold, options) + " " + paint("\(severity.rawValue):", .of(severity), options)
                + " " + paint(message, .bold, options) + "\n"
        } else {
            out += "\(location) \(severity.rawValue): \(message)\n"
        }
    }

    /// The source line holding the start of `range` and a `^~~~` line under the range.
    private static func excerpt(of range: SourceRange, style: Style, sources: SourceSet,
                                options: Options, into out: inout String) {
        guard let file = file(of: range, in: sources) else { return }
        let lineIndex = file.lineIndex(of: range.start)
        let scalars = Array(file.lineText(lineIndex).unicodeScalars)
        let start = min(max(0, file.location(of: range.start).column - 1), scalars.count)
        var end = scalars.count
        if file.lineIndex(of: range.end) == lineIndex {
            end = min(max(start, file.location(of: range.end).column - 1), scalars.count)
        }
        // A very long line (minified or hostile input) is shown as a window around the
        // range's start, so one diagnostic prints a screenful, not megabytes.
        var lo = 0, hi = scalars.count
        if scalars.count > maximumExcerptWidth {
            lo = max(0, min(start - maximumExcerptWidth / 4, scalars.count - maximumExcerptWidth))
            hi = lo + maximumExcerptWidth
        }
        var line = lo > 0 ? "…" : ""
        var marks = lo > 0 ? " " : ""
        var column = lo > 0 ? 1 : 0
        var markedAny = false
        for i in lo..<hi {
            let scalar = scalars[i]
            let (shown, width) = display(scalar, atColumn: column, tabWidth: options.tabWidth)
            line += shown
            if i < start {
                marks += String(repeating: " ", count: width)
            } else if i < end, width > 0 {
                marks += (markedAny ? "~" : "^") + String(repeating: "~", count: width - 1)
                markedAny = true
            }
            column += width
        }
        // An empty range, or one starting at the line end (a newline or end of file), still
        // gets a caret: at its position, after the last character if need be.
        if !markedAny { marks += "^" }
        if hi < scalars.count { line += "…" }
        while line.last == " " { line.removeLast() }
        // Paint only the marks, not the indentation before them.
        let indent = marks.prefix { $0 == " " }
        out += line + "\n" + indent + paint(String(marks.dropFirst(indent.count)), style, options) + "\n"
    }

    /// The most characters of one source line an excerpt shows.
    static let maximumExcerptWidth = 200

    /// How a scalar of a source line is shown and how many terminal columns it takes: tabs
    /// expand to the next tab stop, control characters become U+FFFD (never echo escapes
    /// from a file to a terminal), combining marks take none, wide East Asian and emoji two.
    static func display(_ scalar: Unicode.Scalar, atColumn column: Int, tabWidth: Int) -> (String, Int) {
        let v = scalar.value
        if scalar == "\t" {
            let stop = max(1, tabWidth)
            let width = stop - column % stop
            return (String(repeating: " ", count: width), width)
        }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return ("\u{FFFD}", 1) }
        if isZeroWidth(v) { return (String(scalar), 0) }
        return (String(scalar), isWide(v) ? 2 : 1)
    }

    private static func isZeroWidth(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v)
            || (0x1AB0...0x1AFF).contains(v) || (0x20D0...0x20FF).contains(v) || v == 0xFEFF
            || (0xE0100...0xE01EF).contains(v)
    }

    private static func isWide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x1F680...0x1F6FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }

    private static func paint(_ text: String, _ style: Style, _ options: Options) -> String {
        options.colored ? style.rawValue + text + Style.reset.rawValue : text
    }
}
