import TipsCheck
import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    mutating func prepareRename(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        guard let occurrence = analysis.index.occurrence(in: file, at: offset) else { return .null }
        return .object(["range": analysis.sources[file].lspRange(occurrence.range, encoding: encoding),
                        "placeholder": .string(occurrence.key.name)])
    }

    /// Why renaming `key` would lose users' state that no `renamedFrom` clause can carry
    /// over, or `nil` if nothing persisted depends on it. Payload fields are the one such
    /// name: a donation's fields are stored by name and the language has no rename for them.
    func persistenceWarning(_ key: SymbolKey, in analysis: Analysis) -> String? {
        guard key.kind == .payloadField else { return nil }
        return "'\(key.name)' is a payload field of '\(key.container ?? "?")': donations already recorded in users' journals keep "
            + "their value under the old name, and filters on the new name will not see them (E205 is not reported; "
            + "they simply fail to match). To keep them, keep the field name."
    }

    /// What keeps users' state when `key` is renamed: an edit declaring the rename
    /// (`renamedFrom OLD`, or for a tip that already has one, `id "OLD"`), with a note for the
    /// log; `nil` when the name is not persisted (or a tip's `id` already holds its state).
    /// Refuses a second rename of a declaration that already has `renamedFrom`: a declaration
    /// names one old name and the runtime does not chain renames, so either the state still
    /// under the first old name or the state under the current one would be lost.
    func keepingState(_ key: SymbolKey, newName: String, in analysis: Analysis)
        throws(RPCError) -> (edit: (SourceRange, String), note: String)?
    {
        let index = analysis.index
        let declared = " renamedFrom \(key.name)"
        let note = "declared `\(newName)\(declared)` so users' journals carry over"
        // A declared persistence key (`key "..."`) holds the state whatever the name: nothing to declare.
        if key.kind == .event, index.events[key.name]?.key != nil { return nil }
        if key.kind == .parameter, index.parameters[key.name]?.key != nil { return nil }
        if let previous = index.renamedFrom[key], key.kind != .tip {
            throw .requestFailed("not renamed: \(key.kind.noun) '\(key.name)' is already renamed from '\(previous.name)', and a "
                + "declaration names only one old name (the runtime does not chain renames). Renaming it again now would "
                + "lose what users' journals still hold under '\(previous.name)' (users who have not yet opened a release "
                + "with that rename) or under '\(key.name)'. Ship the current rename first; once no users are left on "
                + "'\(previous.name)', replace `renamedFrom \(previous.name)` and rename again.")
        }
        switch key.kind {
        case .tip:
            guard let tip = index.tips[key.name],
                  !tip.items.contains(where: { if case .id = $0 { true } else { false } }) else { return nil }
            if tip.arguments.isEmpty && tip.renamedFrom == nil {
                return ((tip.name.range, newName + declared), note)
            }
            // A reusable tip takes no `renamedFrom`, and a renamed one keeps its clause for the
            // state under its first old name: pinning the current id keeps both.
            guard let insertion = idInsertion(for: tip, oldName: key.name, in: analysis) else { return nil }
            return (insertion, "kept the persisted id with `id \"\(key.name)\"`")
        case .event:
            guard let event = index.events[key.name] else { return nil }
            // Clauses follow the payload; an event without payload or clauses ends at its name.
            if event.range.end == event.name.range.end { return ((event.name.range, newName + declared), note) }
            return ((SourceRange.point(event.range.file, event.range.end), declared), note)
        case .parameter:
            guard let param = index.parameters[key.name], !param.isTransient else { return nil }
            return ((SourceRange.point(param.range.file, param.range.end), declared), note)
        case .enumCase:
            guard let declaration = index.declarations[key]?.first else { return nil }
            return ((declaration.nameRange, newName + declared), note)
        default:
            return nil
        }
    }

    /// `textDocument/rename`. Names that users' journals hold keep their state: an event, a
    /// persisted parameter, an enumeration case or a tip without `id` gains `renamedFrom OLD`
    /// (a tip that already has one, or a reusable tip, gains `id "OLD"`); a declaration that
    /// already declares `renamedFrom` is not renamed again. A payload field, which has no
    /// rename clause, is renamed only with the client's confirmation (an annotated edit the
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
        let kept = try keepingState(key, newName: newName, in: analysis)
        if let (range, text) = kept?.edit {
            // The declaration's name may be the edit itself (`new renamedFrom old`): replace, don't add.
            if let i = edits.firstIndex(where: { $0.0 == range }) { edits[i].1 = text } else { edits.append((range, text)) }
        }
        try checkRenamed(edits, in: analysis)
        let warning = persistenceWarning(key, in: analysis)
        if let warning, !clientConfirmsAnnotatedEdits {
            throw .requestFailed("not renamed: \(warning)")
        }
        if let note = kept?.note {
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
        if Keywords.isReserved(newName) {
            throw .requestFailed("'\(newName)' is a reserved word of the language; choose another name")
        }
        if Keywords.languageWords.contains(newName) {
            let meaning = Keywords.meanings[newName] ?? "it has a meaning of its own in some position"
            throw .requestFailed("'\(newName)' is a word of the language (\(meaning)); a name must not be one, so that the "
                + "catalog keeps its meaning; choose another name")
        }
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
        // An old name after `renamedFrom` must stay free (E422): declaring it again would keep its own state.
        let claimed = analysis.index.renamedFrom.values.first { old in
            guard old.name == newName else { return false }
            switch (key.kind, old.key.kind) {
            case (.enumCase, .enumCase): return old.key.container == key.container
            case (_, .parameter), (_, .event), (.tip, .tip): return key.container == nil
            default: return false
            }
        }
        if let claimed {
            throw .requestFailed("'\(newName)' is the old name of \(claimed.key.kind.noun) '\(claimed.key.qualifiedName)' "
                + "(`renamedFrom \(newName)`), so it cannot be declared again (E422)")
        }
    }

    /// Refuses a rename after which the catalog would report an error it does not report
    /// now, or a new W154 (a tip renamed to another tip's `id` would share its state: a
    /// shared id may be meant when written, never as a rename's side effect): the checker
    /// has the last word, so no rule the checks above miss can produce a catalog that no
    /// longer checks.
    private func checkRenamed(_ edits: [(SourceRange, String)], in analysis: Analysis) throws(RPCError) {
        var sources = SourceSet()
        for file in analysis.sources.files {
            var bytes = file.bytes
            for (range, text) in edits.filter({ $0.0.file == file.id }).sorted(by: { $0.0.start > $1.0.start }) {
                bytes.replaceSubrange(Int(range.start)..<Int(range.end), with: Array(text.utf8))
            }
            sources.add(path: file.path, bytes: bytes)
        }
        let after = analysis.syntaxOnly ? sources.files.flatMap { Parser.parse($0).diagnostics }
            : Checker.check(sources).diagnostics.sortedForOutput()
        func refuses(_ d: Diagnostic) -> Bool { d.severity == .error || d.hasCode(.sharedTipID) }
        func errors(_ diagnostics: [Diagnostic]) -> [String: Int] {
            diagnostics.filter(refuses).reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
        }
        let (before, now) = (errors(analysis.diagnostics), errors(after))
        guard let new = after.first(where: { refuses($0) && now[$0.code, default: 0] > before[$0.code, default: 0] })
        else { return }
        let file = sources[new.range.file]
        let at = file.location(of: new.range.start)
        let why = new.severity == .error ? "the catalog would no longer check" : "two tips would share one state"
        throw .requestFailed("not renamed: \(why): \(file.path):\(at.line):\(at.column): \(new.message) [\(new.code)]")
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
