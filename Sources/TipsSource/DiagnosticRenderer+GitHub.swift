extension DiagnosticRenderer {
    /// Renders diagnostics as GitHub Actions workflow commands, one line each, so they show
    /// as annotations on the pull request:
    ///
    /// ```text
    /// ::error file=Tips/a.tips,line=9,col=16,endLine=9,endColumn=25,title=E201::unknown event 'manualSav'
    /// ```
    ///
    /// Errors become `::error`, warnings `::warning`, notes `::notice`. Notes and fix-its are
    /// appended to the message on lines of their own. GitHub supports columns only within one
    /// line, so `col`/`endColumn` are left out for ranges spanning lines. Data is escaped as
    /// GitHub requires (`%` `\r` `\n`; in properties also `:` and `,`). At most
    /// ``Options/limit`` diagnostics are printed, then `... and N more`.
    public static func github(_ diagnostics: [Diagnostic], sources: SourceSet,
                              options: Options = Options()) -> String {
        var out = ""
        let limit = max(0, options.limit)
        for d in diagnostics.prefix(limit) {
            out += githubLine(d, sources: sources) + "\n"
        }
        if diagnostics.count > limit {
            out += "... and \(diagnostics.count - limit) more\n"
        }
        return out
    }

    private static func githubLine(_ d: Diagnostic, sources: SourceSet) -> String {
        let command: String
        switch d.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let s = span(of: d.range, in: sources)
        var properties = [("file", s.path), ("line", String(s.start.line))]
        if s.start.line == s.end.line {
            properties.append(("col", String(s.start.column)))
            properties.append(("endLine", String(s.end.line)))
            properties.append(("endColumn", String(s.end.column)))
        } else {
            properties.append(("endLine", String(s.end.line)))
        }
        properties.append(("title", d.code))

        var message = d.message
        for note in d.notes {
            if let range = note.range {
                let n = span(of: range, in: sources)
                message += "\n\(n.path):\(n.start.line):\(n.start.column): note: \(note.message)"
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        for fixIt in d.fixIts {
            if fixIt.edits.isEmpty { message += "\nfix-it: \(fixIt.message)" }
            for edit in fixIt.edits { message += "\nfix-it: \(describe(edit, in: sources))" }
        }
        let props = properties.map { "\($0.0)=\(githubEscape($0.1, property: true))" }.joined(separator: ",")
        return "::\(command) \(props)::\(githubEscape(message, property: false))"
    }

    /// GitHub's workflow-command escaping: `%` `\r` `\n` always, `:` `,` inside properties.
    public static func githubEscape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
