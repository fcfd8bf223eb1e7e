import TipsCheck
import TipsSource
import TipsText

extension LanguageServer {
    /// `params.textDocument.uri`.
    func documentURI(_ params: JSON) throws(RPCError) -> String {
        try params.required("textDocument").requiredString("uri")
    }

    mutating func didOpen(_ params: JSON) throws(RPCError) {
        let item = try params.required("textDocument")
        let uri = try item.requiredString("uri")
        let text = try item.requiredString("text")
        let path = DocumentURI.path(of: uri).map(CatalogFiles.normalized)
        workspace.documents[uri] = Workspace.Document(uri: uri, path: path, version: item["version"]?.int ?? 0,
                                                      bytes: Array(text.utf8))
        // A scenario file is run at the next flush; its catalog's files are as they were.
        if ScenarioDocuments.isScenario(uri) { return }
        // A new file may start a catalog or join one; rescan so the list of files is right.
        workspace.invalidate(uri: uri, rescan: true)
    }

    mutating func didChange(_ params: JSON) throws(RPCError) {
        let uri = try documentURI(params)
        guard workspace.documents[uri] != nil else {
            throw .invalidParams("didChange for a document that is not open: \(uri)")
        }
        guard let changes = try params.required("contentChanges").array else {
            throw .invalidParams("'contentChanges' must be an array")
        }
        // Edited in place in the dictionary: a copy of the document would copy its bytes. A
        // scenario's edit leaves its catalog as it was (the run compares the scenario's text).
        defer { if !ScenarioDocuments.isScenario(uri) { workspace.invalidate(uri: uri) } }
        for change in changes {
            let text = try change.requiredString("text")
            if let range = change["range"], !range.isNull {
                let from = try LSPPosition(json: try range.required("start"))
                let to = try LSPPosition(json: try range.required("end"))
                var start = workspace.documents[uri]!.text.offset(of: from, encoding: encoding)
                var end = workspace.documents[uri]!.text.offset(of: to, encoding: encoding)
                if end < start { swap(&start, &end) }
                workspace.documents[uri]!.text.replace(start..<end, with: Array(text.utf8))
            } else {
                workspace.documents[uri]!.text = DocumentText(Array(text.utf8))
            }
        }
        if let version = params["textDocument"]?["version"]?.int { workspace.documents[uri]!.version = version }
    }

    mutating func didClose(_ params: JSON) throws(RPCError) {
        let uri = try documentURI(params)
        if ScenarioDocuments.isScenario(uri) {
            workspace.documents[uri] = nil
            scenarios.close(uri)
            clearDiagnostics(uri)
            return
        }
        let key = workspace.catalogKey(for: uri)
        workspace.documents[uri] = nil
        if workspace.catalogs[key]?.directory == nil {
            // A lone file: nothing is left to check once the editor lets go of it.
            workspace.catalogs[key] = nil
            clearDiagnostics(uri)
        } else {
            workspace.invalidate(uri: uri, rescan: true)
        }
    }

    mutating func didSave(_ params: JSON) throws(RPCError) {
        let uri = try documentURI(params)
        if ScenarioDocuments.isScenario(uri) { return }
        workspace.invalidate(uri: uri, rescan: true)
    }

    mutating func clearDiagnostics(_ uri: String) {
        guard let last = published[uri], last != .array([]) else { return }
        published[uri] = nil
        notify("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
    }

    /// Checks every stale catalog that the editor shows and publishes what changed.
    public mutating func flush() {
        for key in workspace.catalogs.keys.sorted() {
            guard let catalog = workspace.catalogs[key], catalog.needsPublish else { continue }
            let hasOpenDocument = workspace.documents.keys.contains { workspace.catalogKey(for: $0) == key }
            guard hasOpenDocument || !catalog.publishedURIs.isEmpty else { continue }
            guard let analysis = workspace.analysis(of: key) else { continue }
            publish(analysis, catalogKey: key)
            workspace.catalogs[key]?.needsPublish = false
        }
        publishScenarios()
        logProblems()
    }

    private mutating func publish(_ analysis: Analysis, catalogKey key: String) {
        var byFile: [[JSON]] = Array(repeating: [], count: analysis.uris.count)
        for d in analysis.diagnostics where Int(d.range.file.index) < byFile.count {
            byFile[Int(d.range.file.index)].append(lspDiagnostic(d, in: analysis))
        }
        var now: Set<String> = []
        for (i, uri) in analysis.uris.enumerated() {
            now.insert(uri)
            let diagnostics = JSON.array(byFile[i])
            if published[uri] == diagnostics || (published[uri] == nil && byFile[i].isEmpty) { continue }
            published[uri] = diagnostics
            var params: [(String, JSON)] = [("uri", .string(uri))]
            if let version = workspace.documents[uri]?.version { params.append(("version", .int(version))) }
            params.append(("diagnostics", diagnostics))
            notify("textDocument/publishDiagnostics", .object(params))
        }
        // Files that left the catalog (deleted, moved) lose their diagnostics.
        for uri in workspace.catalogs[key]?.publishedURIs ?? [] where !now.contains(uri) { clearDiagnostics(uri) }
        workspace.catalogs[key]?.publishedURIs = now
    }

    /// A checker diagnostic as an LSP `Diagnostic`: code, related notes, and `data` naming
    /// its fix-its so a code action request can find them again.
    func lspDiagnostic(_ d: Diagnostic, in analysis: Analysis) -> JSON {
        lspDiagnostic(d, sources: analysis.sources, uris: analysis.uris)
    }

    /// The same for diagnostics over any set of files, `uris[i]` being file `i`'s URI (a
    /// scenario file and its catalog's files).
    func lspDiagnostic(_ d: Diagnostic, sources: SourceSet, uris: [String]) -> JSON {
        let file = sources[d.range.file]
        var message = d.message
        var related: [JSON] = []
        for note in d.notes {
            if let r = note.range, Int(r.file.index) < uris.count {
                related.append(.object([
                    "location": .object(["uri": .string(uris[Int(r.file.index)]),
                                         "range": sources[r.file].lspRange(r, encoding: encoding)]),
                    "message": .string(note.message),
                ]))
            } else {
                message += "\nnote: " + note.message
            }
        }
        let severity: Int = switch d.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var members: [(String, JSON)] = [
            ("range", file.lspRange(d.range, encoding: encoding)),
            ("severity", .int(severity)),
            ("code", .string(d.code)),
            ("source", "tipc"),
            ("message", .string(message)),
        ]
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        if d.hasCode(.unusedEvent) || d.hasCode(.unusedParam) { members.append(("tags", [1])) }  // never used: shown faded
        return .object(members)
    }
}
