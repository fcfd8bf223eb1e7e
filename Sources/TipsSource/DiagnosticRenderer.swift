import TipsText

/// Turns diagnostics into text for people (`text`), tools (`json`) and CI logs (`github`).
///
/// Every renderer is a pure function of the diagnostics and the sources they point into, so
/// output is reproducible and golden-testable. Positions stay byte offsets in ``Diagnostic``
/// and become `line:column` (1-based, columns in Unicode scalars) only here.
public enum DiagnosticRenderer {
    /// How to render.
    public struct Options: Sendable, Hashable {
        /// Whether to emit ANSI colour and bold (text format only). Callers decide, e.g. only
        /// when the output is a terminal and `NO_COLOR` is unset.
        public var colored: Bool
        /// At most this many diagnostics are printed by the text and GitHub renderers; the
        /// rest are summarised as `... and N more`. JSON output is never truncated: tools
        /// want everything.
        public var limit: Int
        /// Width of a tab stop when drawing source excerpts, so carets stay aligned.
        public var tabWidth: Int

        /// Creates options; the defaults are plain text, 200 diagnostics, tab stops of 4.
        public init(colored: Bool = false, limit: Int = 200, tabWidth: Int = 4) {
            self.colored = colored
            self.limit = limit
            self.tabWidth = tabWidth
        }
    }

    /// The resolved start and end of a range, for renderers that print positions.
    struct Span {
        var path: String
        var start: SourceLocation
        var end: SourceLocation
    }

    /// The file holding `range`, or `nil` when the id is foreign to `sources` (never trap on
    /// a diagnostic built against another set).
    static func file(of range: SourceRange, in sources: SourceSet) -> SourceFile? {
        let index = Int(range.file.index)
        guard index >= 0, index < sources.files.count else { return nil }
        return sources.files[index]
    }

    /// Path and start/end locations of `range`; unknown files render as `<unknown>:0:0`.
    static func span(of range: SourceRange, in sources: SourceSet) -> Span {
        guard let file = file(of: range, in: sources) else {
            let zero = SourceLocation(line: 0, column: 0)
            return Span(path: "<unknown>", start: zero, end: zero)
        }
        return Span(path: file.path, start: file.location(of: range.start), end: file.location(of: range.end))
    }

    /// The text a fix-it edit replaces (empty for insertions or unknown files).
    static func replacedText(_ edit: FixIt.Edit, in sources: SourceSet) -> String {
        file(of: edit.range, in: sources)?.text(in: edit.range) ?? ""
    }

    /// One line describing a fix-it edit: `replace 'x' with 'y'`, `insert 'y'` or `remove 'x'`.
    static func describe(_ edit: FixIt.Edit, in sources: SourceSet) -> String {
        let old = replacedText(edit, in: sources)
        if old.isEmpty { return "insert '\(quoted(edit.replacement))'" }
        if edit.replacement.isEmpty { return "remove '\(quoted(old))'" }
        return "replace '\(quoted(old))' with '\(quoted(edit.replacement))'"
    }

    /// `text` with line breaks, tabs and other control characters (C0, DEL, C1) made
    /// visible, backslashes kept as written (`TerminalText`), so a fix-it line stays one line
    /// and cannot smuggle terminal escapes. Every command that prints text it did not write
    /// (a changed title in `tipc diff`) uses it for the same reason.
    public static func quoted(_ text: String) -> String { TerminalText.escaped(text, backslashes: .kept) }
}
