import TipsText

extension DiagnosticRenderer {
    /// Renders every diagnostic (never truncated) as one JSON document:
    ///
    /// ```json
    /// {"version": 1, "diagnostics": [{"file", "line", "column", "endLine", "endColumn",
    ///   "severity", "code", "message", "notes": [...], "fixIts": [...]}], "summary": {...}}
    /// ```
    ///
    /// Lines and columns are 1-based; columns count Unicode scalars; `endLine`/`endColumn`
    /// is the position just past the range. A note has `message` and, when it points
    /// somewhere, the same five position keys; a fix-it has `message` and `edits`, each with
    /// the position keys and `replacement`. `summary` defaults to the error and warning
    /// counts; callers may pass their own members (the CLI adds the catalog's sizes).
    /// The document is indented and ends with a newline.
    public static func json(_ diagnostics: [Diagnostic], sources: SourceSet,
                            summary: [(String, JSON)]? = nil) -> String {
        let summary = summary ?? [
            ("errors", .int(diagnostics.errorCount)),
            ("warnings", .int(diagnostics.warningCount)),
        ]
        let document = JSON.object([
            ("version", .int(1)),
            ("diagnostics", .array(diagnostics.map { jsonValue($0, sources: sources) })),
            ("summary", .object(summary)),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    /// One diagnostic as a JSON object, keys in documented order.
    public static func jsonValue(_ d: Diagnostic, sources: SourceSet) -> JSON {
        var members = position(d.range, sources: sources)
        members += [
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code)),
            ("message", .string(d.message)),
            ("notes", .array(d.notes.map { note in
                var m: [(String, JSON)] = [("message", .string(note.message))]
                if let range = note.range { m += position(range, sources: sources) }
                return .object(m)
            })),
            ("fixIts", .array(d.fixIts.map { fixIt in
                .object([
                    ("message", .string(fixIt.message)),
                    ("edits", .array(fixIt.edits.map { edit in
                        .object(position(edit.range, sources: sources) + [("replacement", .string(edit.replacement))])
                    })),
                ])
            })),
        ]
        return .object(members)
    }

    private static func position(_ range: SourceRange, sources: SourceSet) -> [(String, JSON)] {
        let s = span(of: range, in: sources)
        return [
            ("file", .string(s.path)),
            ("line", .int(s.start.line)),
            ("column", .int(s.start.column)),
            ("endLine", .int(s.end.line)),
            ("endColumn", .int(s.end.column)),
        ]
    }
}
