import TipsSource
import TipsSyntax

extension LanguageServer {
    mutating func prepareRename(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        guard let occurrence = analysis.index.occurrence(in: file, at: offset) else { return .null }
        return .object(["range": analysis.sources[file].lspRange(occurrence.range, encoding: encoding),
                        "placeholder": .string(occurrence.key.name)])
    }

    /// Why renaming `key` would lose users' state, or `nil` if nothing persisted depends on it.
    func persistenceWarning(_ key: SymbolKey, in analysis: Analysis) -> String? {
        switch key.kind {
        case .event:
            return "'\(key.name)' is an event: users' journals keep its donations under this name, "
                + "and a renamed event starts with none. To keep them, keep the name (rename only what authors read, "
                + "such as titles), or ship the new event beside the old one and query both until old donations age out."
        case .parameter where analysis.index.parameters[key.name]?.isTransient != true:
            return "'\(key.name)' is a parameter: users' journals keep its value under this name, and a renamed "
                + "parameter starts from its default. To keep values, keep the name, or declare it `transient` "
                + "if its value need not survive a restart."
        case .enumCase:
            return "'\(key.name)' is a case of '\(key.container ?? "?")': journals store parameter values and payloads "
                + "by case name, and stored values with the old name will no longer match. To keep them, keep the case name."
        case .payloadField:
            return "'\(key.name)' is a payload field of '\(key.container ?? "?")': donations already recorded keep "
                + "their value under the old name, and filters on the new name will not see them (E205 is not reported; "
                + "they simply fail to match). To keep them, keep the field name."
        default:
            return nil
        }
    }

    /// `textDocument/rename`. Names that users' journals hold are protected: a tip keeps its
    /// persisted id by gaining `id "OldName"`; events, parameters, enumeration cases and
    /// payload fields are renamed only with the client's confirmation (an annotated edit the
    /// editor asks about), and refused with the reason where the client cannot ask.
    mutating func rename(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        let newName = try params.requiredString("newName")
        guard let occurrence = analysis.index.occurrence(in: file, at: offset) else {
            throw .requestFailed("there is no declared name at this position to rename")
        }
        let key = occurrence.key
        try validate(newName: newName, for: key, in: analysis)
        if newName == key.name { return .object(["changes": .object([])]) }

        var edits: [(SourceRange, String)] = analysis.index.occurrences(of: key).map { ($0.range, newName) }
        var note: String?
        if key.kind == .tip, let tip = analysis.index.tips[key.name] {
            let hasID = tip.items.contains { if case .id = $0 { true } else { false } }
            if !hasID, let insertion = idInsertion(for: tip, oldName: key.name, in: analysis) {
                edits.append(insertion)
                note = "kept the persisted id with `id \"\(key.name)\"`"
            }
        }
        let warning = persistenceWarning(key, in: analysis)
        if let warning, !clientConfirmsAnnotatedEdits {
            throw .requestFailed("not renamed: \(warning)")
        }
        if let note {
            notify("window/logMessage", .object(["type": 3, "message": .string("rename \(key.name) → \(newName): \(note)")]))
        }

        var byURI: [String: [JSON]] = [:]
        for (range, text) in edits {
            var edit: [(String, JSON)] = [("range", analysis.sources[range.file].lspRange(range, encoding: encoding)),
                                          ("newText", .string(text))]
            if warning != nil { edit.append(("annotationId", "persisted-name")) }
            byURI[analysis.uri(of: range.file), default: []].append(.object(edit))
        }
        guard let warning else {
            return .object(["changes": .object(byURI.keys.sorted().map { ($0, .array(byURI[$0]!)) })])
        }
        let documentChanges = byURI.keys.sorted().map { uri -> JSON in
            .object(["textDocument": .object(["uri": .string(uri), "version": workspace.documents[uri].map { .int($0.version) } ?? .null]),
                     "edits": .array(byURI[uri]!)])
        }
        return .object([
            "documentChanges": .array(documentChanges),
            "changeAnnotations": .object(["persisted-name": .object([
                "label": .string("Rename the persisted \(key.kind.noun) '\(key.name)'"),
                "needsConfirmation": true,
                "description": .string(warning),
            ])]),
        ])
    }

    private func validate(newName: String, for key: SymbolKey, in analysis: Analysis) throws(RPCError) {
        let bytes = Array(newName.utf8)
        let isIdentifier = !bytes.isEmpty && bytes.allSatisfy { b in
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        } && !(bytes[0] >= 0x30 && bytes[0] <= 0x39)
        guard isIdentifier else {
            throw .requestFailed("'\(newName)' is not a name: use ASCII letters, digits and '_', not starting with a digit")
        }
        let reserved = ["config", "enum", "param", "transient", "event", "let", "tip", "group", "testing", "true", "false", "nil", "now"]
        guard !reserved.contains(newName) else { throw .requestFailed("'\(newName)' is a reserved word") }
        guard newName != key.name else { return }
        let taken = analysis.index.declarations.keys.first { other in
            switch key.kind {
            case .enumCase, .payloadField, .tipArgument:
                return other.kind == key.kind && other.container == key.container && other.name == newName
            default:
                return other.container == nil && other.name == newName
            }
        }
        if let taken { throw .requestFailed("'\(newName)' is already declared (a \(taken.kind.noun))") }
        if key.kind == .enumeration, Keywords.builtinTypes.contains(newName) {
            throw .requestFailed("'\(newName)' is a built-in type name")
        }
    }

    /// An edit adding `id "OldName"` as the first item of a tip's body, indented like its items.
    private func idInsertion(for tip: TipDeclSyntax, oldName: String, in analysis: Analysis) -> (SourceRange, String)? {
        let source = analysis.sources[tip.range.file]
        var i = Int(tip.name.range.end)
        var depth = 0
        while i < Int(tip.range.end) {
            let b = source.bytes[i]
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") { depth -= 1 }
            if b == UInt8(ascii: "{") && depth <= 0 { break }
            i += 1
        }
        guard i < Int(tip.range.end) else { return nil }
        var indent = "    "
        if let first = tip.items.first {
            let line = source.lineIndex(of: first.range.start)
            let text = source.lineText(line)
            indent = String(text.prefix { $0 == " " || $0 == "\t" })
        } else {
            let line = source.lineIndex(of: tip.range.start)
            indent = String(source.lineText(line).prefix { $0 == " " || $0 == "\t" }) + "    "
        }
        return (SourceRange.point(tip.range.file, Int32(i + 1)), "\n\(indent)id \"\(oldName)\"")
    }
}
