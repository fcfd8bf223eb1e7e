import TipsText

extension DiagnosticRenderer {
    /// Renders diagnostics as a SARIF 2.1.0 log (one run) for code-scanning dashboards.
    ///
    /// Every code that occurs becomes a rule whose descriptions and help come from
    /// ``DiagnosticHelp`` (the words of `Docs/diagnostics.md`). Locations are 1-based with
    /// columns in Unicode scalars (`columnKind` `unicodeCodePoints`); relative paths become
    /// relative URIs against `%SRCROOT%`. Notes with a position become related locations,
    /// the others join the message; fix-its become `fixes`. Never truncated.
    public static func sarif(_ diagnostics: [Diagnostic], sources: SourceSet,
                             tool: SARIFTool = SARIFTool(name: "tipc", version: "0")) -> String {
        sarifLog(tool: tool, results: diagnostics.map { sarifResult($0, sources: sources) })
    }

    /// One diagnostic as a ``SARIFResult``.
    public static func sarifResult(_ d: Diagnostic, sources: SourceSet) -> SARIFResult {
        var message = d.message
        var related: [SARIFRelated] = []
        for note in d.notes {
            if let range = note.range {
                related.append(SARIFRelated(message: note.message, location: sarifLocation(range, sources: sources)))
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        let fixes = d.fixIts.map { fixIt in
            SARIFFix(message: fixIt.message,
                     edits: fixIt.edits.map { SARIFEdit(location: sarifLocation($0.range, sources: sources), replacement: $0.replacement) })
        }
        return SARIFResult(code: d.code, severity: d.severity, message: message,
                           location: sarifLocation(d.range, sources: sources), related: related, fixes: fixes)
    }

    static func sarifLocation(_ range: SourceRange, sources: SourceSet) -> SARIFLocation {
        let s = span(of: range, in: sources)
        return SARIFLocation(path: s.path, region: SARIFRegion(startLine: s.start.line, startColumn: s.start.column,
                                                               endLine: s.end.line, endColumn: s.end.column))
    }

    /// A complete SARIF 2.1.0 document for `results`, indented, ending with a newline.
    public static func sarifLog(tool: SARIFTool, results: [SARIFResult]) -> String {
        let codes = Array(Set(results.map(\.code))).sorted()
        var ruleIndex: [String: Int] = [:]
        for (i, code) in codes.enumerated() { ruleIndex[code] = i }
        let rules = codes.map { code -> JSON in
            var rule: [(String, JSON)] = [("id", .string(code))]
            if let help = DiagnosticHelp.entry(for: code) {
                rule += [
                    ("shortDescription", text(help.title)),
                    ("fullDescription", text(help.description)),
                    ("help", .object([("text", .string(help.helpText)), ("markdown", .string(help.helpText))])),
                ]
            }
            return .object(rule)
        }
        let run = JSON.object([
            ("tool", .object([("driver", .object([
                ("name", .string(tool.name)),
                ("version", .string(tool.version)),
                ("rules", .array(rules)),
            ]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results.map { $0.sarif(ruleIndex: ruleIndex[$0.code] ?? 0) })),
        ])
        let log = JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.rendered(pretty: true) + "\n"
    }

    static func text(_ s: String) -> JSON { .object([("text", .string(s))]) }

    /// `path` as a URI reference: segments percent-encoded; absolute paths as `file://`; `relative` says whether it needs `%SRCROOT%`.
    public static func sarifURI(_ path: String) -> (uri: String, relative: Bool) {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        var encoded = ""
        for byte in p.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return p.hasPrefix("/") ? ("file://" + encoded, false) : (encoded, true)
    }
}

extension DiagnosticRenderer.SARIFLocation {
    /// `{"physicalLocation": {...}}` plus any extra members (a related location's message).
    func sarif(extra: [(String, JSON)] = []) -> JSON {
        .object(extra + [("physicalLocation", .object(physical))])
    }

    var artifact: JSON {
        let (uri, relative) = DiagnosticRenderer.sarifURI(path)
        var members: [(String, JSON)] = [("uri", .string(uri))]
        if relative { members.append(("uriBaseId", .string("%SRCROOT%"))) }
        return .object(members)
    }

    var regionJSON: JSON? {
        guard let r = region, r.startLine > 0 else { return nil }
        // SARIF wants end >= start; an empty range (an insertion point) has end == start.
        let endLine = max(r.endLine, r.startLine)
        let endColumn = endLine == r.startLine ? max(r.endColumn, r.startColumn) : max(1, r.endColumn)
        return .object([
            ("startLine", .int(r.startLine)), ("startColumn", .int(max(1, r.startColumn))),
            ("endLine", .int(endLine)), ("endColumn", .int(endColumn)),
        ])
    }

    private var physical: [(String, JSON)] {
        var members: [(String, JSON)] = [("artifactLocation", artifact)]
        if let region = regionJSON { members.append(("region", region)) }
        return members
    }
}

extension DiagnosticRenderer.SARIFResult {
    func sarif(ruleIndex: Int) -> JSON {
        let level: String
        switch severity {
        case .error: level = "error"
        case .warning: level = "warning"
        case .note: level = "note"
        }
        var members: [(String, JSON)] = [
            ("ruleId", .string(code)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(level)),
            ("message", DiagnosticRenderer.text(message)),
        ]
        if let location { members.append(("locations", .array([location.sarif()]))) }
        if !related.isEmpty {
            members.append(("relatedLocations", .array(related.enumerated().map { i, r in
                r.location.sarif(extra: [("id", .int(i)), ("message", DiagnosticRenderer.text(r.message))])
            })))
        }
        let fixable = fixes.filter { !$0.edits.isEmpty && $0.edits.allSatisfy { $0.location.regionJSON != nil } }
        if !fixable.isEmpty {
            members.append(("fixes", .array(fixable.map { fix in
                // One artifactChange per file, its replacements in the order given.
                var order: [String] = []
                var byFile: [String: [JSON]] = [:]
                for edit in fix.edits {
                    if byFile[edit.location.path] == nil { order.append(edit.location.path) }
                    byFile[edit.location.path, default: []].append(.object([
                        ("deletedRegion", edit.location.regionJSON ?? .null),
                        ("insertedContent", DiagnosticRenderer.text(edit.replacement)),
                    ]))
                }
                return .object([
                    ("description", DiagnosticRenderer.text(fix.message)),
                    ("artifactChanges", .array(order.map { path in
                        .object([
                            ("artifactLocation", DiagnosticRenderer.SARIFLocation(path: path).artifact),
                            ("replacements", .array(byFile[path] ?? [])),
                        ])
                    })),
                ])
            })))
        }
        return .object(members)
    }
}
