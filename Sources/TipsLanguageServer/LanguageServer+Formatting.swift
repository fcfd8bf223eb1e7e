import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    /// `textDocument/formatting`: the whole file in the layout `tipc fmt` writes, as one edit.
    /// A file with syntax errors is left alone (as `tipc fmt` does): no edits, and a log line.
    mutating func formatting(_ params: JSON) throws(RPCError) -> JSON {
        let uri = try documentURI(params)
        guard let doc = workspace.documents[uri] else { throw .requestFailed("unknown document \(uri): open it first") }
        let file = SourceFile(id: FileID(0), path: doc.path ?? uri, bytes: doc.bytes)
        let parsed = Parser.parse(file)
        if parsed.diagnostics.errorCount > 0 {
            notify("window/logMessage", .object([
                "type": 3,
                "message": .string("not formatting \(uri): it has syntax errors; fix them first (see the diagnostics)"),
            ]))
            return .null
        }
        let formatted = Formatter.format(parsed.tree, source: file)
        if Array(formatted.utf8) == doc.bytes { return .array([]) }
        let whole = SourceRange(file: file.id, start: 0, end: Int32(doc.bytes.count))
        return .array([.object(["range": file.lspRange(whole, encoding: encoding), "newText": .string(formatted)])])
    }

    /// `textDocument/codeAction`: one quick fix per fix-it of the diagnostics in the range.
    mutating func codeActions(_ params: JSON) throws(RPCError) -> JSON {
        let uri = try documentURI(params)
        let sources: SourceSet, uris: [String], diagnostics: [Diagnostic], file: FileID
        if ScenarioDocuments.isScenario(uri) {
            guard let check = scenarioCheck(uri) else { return .array([]) }
            (sources, uris, diagnostics, file) = (check.sources, check.uris, check.diagnostics, check.file)
        } else {
            guard let (analysis, id) = workspace.analysis(for: uri) else { return .array([]) }
            (sources, uris, diagnostics, file) = (analysis.sources, analysis.uris, analysis.diagnostics, id)
        }
        let source = sources[file]
        let range = try params.required("range")
        let start = source.offset(of: try LSPPosition(json: try range.required("start")), encoding: encoding)
        let end = source.offset(of: try LSPPosition(json: try range.required("end")), encoding: encoding)
        var actions: [JSON] = []
        for d in diagnostics where d.range.file == file && !d.fixIts.isEmpty
            && d.range.start <= end && start <= d.range.end {
            for fix in d.fixIts {
                var changes: [String: [JSON]] = [:]
                for edit in fix.edits where Int(edit.range.file.index) < uris.count {
                    changes[uris[Int(edit.range.file.index)], default: []].append(.object([
                        "range": sources[edit.range.file].lspRange(edit.range, encoding: encoding),
                        "newText": .string(edit.replacement),
                    ]))
                }
                actions.append(.object([
                    "title": .string(fix.message.prefix(1).uppercased() + fix.message.dropFirst()),
                    "kind": "quickfix",
                    "diagnostics": [lspDiagnostic(d, sources: sources, uris: uris)],
                    "isPreferred": .bool(d.fixIts.count == 1),
                    "edit": .object(["changes": .object(changes.keys.sorted().map { ($0, .array(changes[$0]!)) })]),
                ]))
            }
        }
        return .array(actions)
    }
}
