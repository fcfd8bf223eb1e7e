import TipsSource
import TipsText

extension LanguageServer {
    /// Whether a request's `textDocument` is a scenario file.
    func isScenario(_ params: JSON) -> Bool {
        (try? documentURI(params)).map(ScenarioDocuments.isScenario) ?? false
    }

    /// The run of the open scenario file `uri` against its catalog as the editor has it.
    mutating func scenarioCheck(_ uri: String) -> ScenarioDocuments.Check? {
        guard let doc = workspace.documents[uri] else { return nil }
        let key = workspace.catalogKey(for: uri)
        var catalog: (key: String, sources: SourceSet, uris: [String])?
        if workspace.catalogs[key]?.directory != nil, let analysis = workspace.analysis(of: key), !analysis.uris.isEmpty {
            catalog = (key, analysis.sources, analysis.uris)
        }
        return scenarios.check(uri: uri, path: doc.path ?? uri, bytes: doc.bytes, catalog: catalog)
    }

    /// Runs every open scenario file whose text or catalog changed and publishes what changed.
    mutating func publishScenarios() {
        for uri in workspace.documents.keys.sorted() where ScenarioDocuments.isScenario(uri) {
            guard let check = scenarioCheck(uri) else { continue }
            let diagnostics = JSON.array(check.diagnostics.sortedForOutput().map {
                lspDiagnostic($0, sources: check.sources, uris: check.uris)
            })
            if published[uri] == diagnostics || (published[uri] == nil && check.diagnostics.isEmpty) { continue }
            published[uri] = diagnostics
            var params: [(String, JSON)] = [("uri", .string(uri))]
            if let version = workspace.documents[uri]?.version { params.append(("version", .int(version))) }
            params.append(("diagnostics", diagnostics))
            notify("textDocument/publishDiagnostics", .object(params))
        }
    }

    /// The scenario document at `params`' position: its text, the cursor's byte offset and
    /// the catalog's analysis (nil outside a catalog).
    mutating func locateScenario(_ params: JSON) throws(RPCError) -> (SourceFile, Int32, Analysis?) {
        let uri = try documentURI(params)
        let position = try LSPPosition(json: try params.required("position"))
        guard let doc = workspace.documents[uri] else { throw .requestFailed("unknown document \(uri): open it first") }
        var set = SourceSet()
        let id = set.add(path: doc.path ?? uri, bytes: doc.bytes)
        let source = set[id]
        let key = workspace.catalogKey(for: uri)
        let analysis = workspace.catalogs[key]?.directory == nil ? nil : workspace.analysis(of: key)
        return (source, source.offset(of: position, encoding: encoding), analysis)
    }

    /// Completion in a scenario file: step keywords, then the catalog's names and values
    /// that fit the step.
    mutating func scenarioCompletion(_ params: JSON) throws(RPCError) -> JSON {
        let (source, offset, analysis) = try locateScenario(params)
        let items = ScenarioCompletion(line: Self.linePrefix(source, offset), index: analysis?.index).items()
        return .object(["isIncomplete": false, "items": .array(items.map { item in
            var members: [(String, JSON)] = [("label", .string(item.label)), ("kind", .int(item.kind.rawValue))]
            if let detail = item.detail { members.append(("detail", .string(detail))) }
            if item.kind == .keyword, let doc = ScenarioCompletion.stepMeanings[item.label] {
                members.append(("documentation", .object(["kind": "markdown", "value": .string(doc)])))
            }
            return .object(members)
        })])
    }

    /// Hover in a scenario file: a step keyword's meaning, or the declaration of the tip,
    /// event, parameter, group, case or payload field a name stands for.
    mutating func scenarioHover(_ params: JSON) throws(RPCError) -> JSON {
        let (source, offset, analysis) = try locateScenario(params)
        guard let word = ScenarioCompletion.word(in: source, at: offset) else { return .null }
        let text: String?
        if let key = analysis.flatMap({ ScenarioCompletion.symbol(word, in: source, index: $0.index) }) {
            text = describe(key, in: analysis!)
        } else if word.isFirstOnLine {
            text = ScenarioCompletion.stepMeanings[word.text].map { "`\(word.text)`: " + $0 }
        } else {
            text = ScenarioCompletion.wordMeanings[word.text].map { "`\(word.text)`: " + $0 }
        }
        guard let text else { return .null }
        return .object(["contents": .object(["kind": "markdown", "value": .string(text)]),
                        "range": source.lspRange(word.range, encoding: encoding)])
    }

    /// Go to definition from a scenario file: where the named tip, event, parameter, group,
    /// case or payload field is declared in the catalog.
    mutating func scenarioDefinition(_ params: JSON) throws(RPCError) -> JSON {
        let (source, offset, analysis) = try locateScenario(params)
        guard let analysis, let word = ScenarioCompletion.word(in: source, at: offset),
              let key = ScenarioCompletion.symbol(word, in: source, index: analysis.index),
              let declarations = analysis.index.declarations[key] else { return .null }
        return .array(declarations.map { location($0.nameRange, in: analysis) })
    }

    /// The text of the cursor's line up to the cursor.
    static func linePrefix(_ source: SourceFile, _ offset: Int32) -> String {
        let end = min(Int(offset), source.bytes.count)
        var start = end
        while start > 0, source.bytes[start - 1] != 0x0A { start -= 1 }
        return String(decoding: source.bytes[start..<end], as: UTF8.self)
    }
}
