import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    /// `textDocument/hover`: a name's declaration, a keyword's meaning, a duration in words,
    /// and for `rule` what the rule reads.
    mutating func hover(_ params: JSON) throws(RPCError) -> JSON {
        let (analysis, file, offset) = try locate(params)
        let source = analysis.sources[file]
        var text: String?
        var range: SourceRange?
        if let occurrence = analysis.index.occurrence(in: file, at: offset) {
            text = describe(occurrence.key, in: analysis)
            range = occurrence.range
        } else if let old = analysis.index.oldName(in: file, at: offset) {
            text = describe(oldName: old)
            range = old.range
        } else if let token = Self.token(in: source, at: offset) {
            range = token.range
            let word = source.text(in: token.range)
            switch token.kind {
            case .duration:
                let total = Keywords.words(milliseconds: token.durationValue)
                let written = Keywords.words(literal: word) ?? total
                text = "`\(word)`: a duration of \(written)" + (written == total ? "" : " (\(total))")
            case .identifier where word == "rule":
                text = Keywords.meanings["rule"].map { $0 + (ruleReads(at: token.range.end, file: file, in: analysis) ?? "") }
            default:
                text = Keywords.meanings[word]
            }
        }
        guard let text, let range else { return .null }
        return .object(["contents": .object(["kind": "markdown", "value": .string(text)]),
                        "range": source.lspRange(range, encoding: encoding)])
    }

    /// The token under `offset` (or ending there), comments excluded.
    static func token(in source: SourceFile, at offset: Int32) -> Token? {
        let tokens = Lexer.tokenize(source).tokens
        return tokens.first { $0.kind != .eof && $0.range.contains(offset) }
            ?? tokens.last { $0.kind != .eof && $0.range.end == offset }
    }

    /// A Markdown description of a declared thing, from its first declaration.
    func describe(_ key: SymbolKey, in analysis: Analysis) -> String? {
        guard let declaration = analysis.index.declarations[key]?.first else { return nil }
        let source = analysis.sources[declaration.range.file]
        let index = analysis.index
        func code(_ s: String) -> String { "```tips\n\(s)\n```" }
        switch key.kind {
        case .parameter:
            let transient = index.parameters[key.name]?.isTransient == true
            let stored = index.parameters[key.name]?.key?.plainText
            return code(source.text(in: declaration.range)) + "\n\n"
                + (transient ? "Transient parameter: resets to its default whenever the runtime opens; not persisted."
                             : stored.map { "Parameter; users' journals store its value under the key `\($0)` (rules and Swift code use the name)." }
                                ?? "Parameter; its name is the key of its value in users' journals.")
        case .constant:
            return code(source.text(in: declaration.range)) + "\n\n"
                + "Named constant: uses are replaced by its value when the catalog is checked, so renaming it changes no saved state."
        case .event:
            let stored = index.events[key.name]?.key?.plainText
            return code(source.text(in: declaration.range)) + "\n\n"
                + (stored.map { "Event; users' journals store its donations under the key `\($0)` (rules and Swift code use the name)." }
                    ?? "Event; its name is the key of its donations in users' journals.")
        case .enumeration:
            return code(source.text(in: declaration.range)) + "\n\nEnumeration."
        case .group:
            return code(source.text(in: declaration.range)) + "\n\nGroup of tips."
        case .enumCase:
            let owner = key.container.flatMap { index.declarations[SymbolKey(.enumeration, $0)]?.first }
            let enumText = owner.map { analysis.sources[$0.range.file].text(in: $0.range) } ?? ""
            return "Case `\(key.name)` of enumeration `\(key.container ?? "?")`; stored by name in journals.\n\n"
                + code(enumText)
        case .payloadField:
            return code(source.text(in: declaration.range)) + "\n\nPayload field of event `\(key.container ?? "?")`; "
                + "donations store it under this name."
        case .tipArgument:
            return code(source.text(in: declaration.range)) + "\n\nArgument of reusable tip `\(key.container ?? "?")`."
        case .tip:
            guard let tip = index.tips[key.name] else { return nil }
            var header = "tip \(key.name)"
            if !tip.arguments.isEmpty {
                header += "(" + tip.arguments.map { source.text(in: $0.range) }.joined(separator: ", ") + ")"
            }
            var lines = [code(header)]
            var explicitID: String?
            for item in tip.items {
                switch item {
                case .title(let t, _): lines.append("**Title:** " + source.text(in: t.range))
                case .message(let t, let c, _):
                    lines.append("**Message:** " + source.text(in: t.range) + (c.map { " when " + source.text(in: $0.range) } ?? ""))
                case .id(let s, _): explicitID = source.text(in: s.range)
                case .image(let s, let c, _):
                    lines.append("**Image:** SF Symbol " + source.text(in: s.range) + (c.map { " when " + source.text(in: $0.range) } ?? ""))
                case .imageAsset(let s, let c, _):
                    lines.append("**Image:** asset-catalog image " + source.text(in: s.range)
                                 + (c.map { " when " + source.text(in: $0.range) } ?? ""))
                default: break
                }
            }
            lines.append("**Id:** " + (explicitID ?? "`\(key.name)` (the tip's name, persisted in journals)"))
            let rules = tip.items.filter { if case .rule = $0 { true } else { false } }.count
            lines.append("\(rules) rule\(rules == 1 ? "" : "s")")
            if let group = index.groups.values.first(where: { $0.members.contains { $0.name == key.name } }) {
                lines.append("In group `\(group.name.name)`")
            }
            return lines.joined(separator: "\n\n")
        }
    }

    /// What the old name after `renamedFrom` stands for: nothing is declared under it any
    /// more, but users' journals may still hold state under it.
    func describe(oldName old: CatalogIndex.OldName) -> String {
        let new = "\(old.key.kind.noun) `\(old.key.qualifiedName)`"
        let state: String = switch old.key.kind {
        case .event: "donations recorded under `\(old.name)` are recorded as `\(old.key.name)`'s"
        case .parameter: "a value saved under `\(old.name)` becomes `\(old.key.name)`'s"
        case .enumCase: "values stored as `.\(old.name)` read as `.\(old.key.name)`"
        default: "display counts and dismissal saved under the id `\(old.name)` carry over"
        }
        return "`\(old.name)`: the name \(new) had before (`renamedFrom`). Nothing is declared under it any more; "
            + "when the runtime opens a journal, \(state). Keep the clause while users may still open journals from before the rename."
    }

    /// "Reads parameters a, b; events c" for the rule whose keyword ends at `offset`.
    func ruleReads(at offset: Int32, file: FileID, in analysis: Analysis) -> String? {
        var ruleRange: SourceRange?
        for case .tip(let tip) in analysis.trees[Int(file.index)].declarations where tip.range.contains(offset) {
            for case .rule(_, let r) in tip.items where r.contains(offset - 1) { ruleRange = r }
        }
        guard let ruleRange else { return nil }
        var reads: [SymbolKind: [String]] = [:]
        for o in analysis.index.occurrences[file] ?? [] where ruleRange.contains(o.range.start) {
            if !(reads[o.key.kind]?.contains(o.key.qualifiedName) ?? false) { reads[o.key.kind, default: []].append(o.key.qualifiedName) }
        }
        let order: [(SymbolKind, String)] = [(.parameter, "parameters"), (.event, "events"), (.payloadField, "payload fields"),
                                             (.enumCase, "enumeration cases"), (.tipArgument, "tip arguments")]
        let parts = order.compactMap { kind, noun in
            reads[kind].map { "\(noun) " + $0.map { "`\($0)`" }.joined(separator: ", ") }
        }
        return "\n\nThis rule reads " + (parts.isEmpty ? "only constants and the clock." : parts.joined(separator: "; ") + ".")
    }
}
