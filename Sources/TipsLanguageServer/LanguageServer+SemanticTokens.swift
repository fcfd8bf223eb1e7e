import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    /// `textDocument/semanticTokens/full`: every token classified, names by what they refer to.
    mutating func semanticTokens(_ params: JSON) throws(RPCError) -> JSON {
        let uri = try documentURI(params)
        guard let (analysis, file) = workspace.analysis(for: uri) else { return .object(["data": []]) }
        let source = analysis.sources[file]
        let lexed = Lexer.tokenize(source)
        var byStart: [Int32: CatalogIndex.Occurrence] = [:]
        for o in analysis.index.occurrences[file] ?? [] { byStart[o.range.start] = o }
        var oldNames: [Int32: CatalogIndex.OldName] = [:]
        for o in analysis.index.oldNames[file] ?? [] { oldNames[o.range.start] = o }

        // (range, type index, modifiers), then sorted and delta-encoded.
        var spans: [(SourceRange, Int, Int)] = []
        func type(_ name: String) -> Int { Self.tokenTypes.firstIndex(of: name) ?? 0 }
        for token in lexed.tokens where token.kind != .eof {
            let word = source.text(in: token.range)
            switch token.kind {
            case .string: spans.append((token.range, type("string"), 0))
            case .integer, .double, .duration: spans.append((token.range, type("number"), 0))
            case .identifier:
                if let o = byStart[token.range.start] {
                    spans.append((token.range, type(Self.tokenType(of: o.key.kind)), o.isDeclaration ? 1 : 0))
                } else if let old = oldNames[token.range.start] {
                    // The name after `renamedFrom` looks like what it names, without the declaration modifier.
                    spans.append((token.range, type(Self.tokenType(of: old.key.kind)), 0))
                } else if Keywords.builtinTypes.contains(word) {
                    spans.append((token.range, type("type"), 0))
                } else if Keywords.queryFunctions.contains(word) || Keywords.functions.contains(word) || word == "localized" {
                    spans.append((token.range, type("function"), 0))
                } else if Keywords.meanings[word] != nil {
                    spans.append((token.range, type("keyword"), 0))
                }
            default:
                if CompletionContext.isWord(token.kind) {
                    spans.append((token.range, type("keyword"), 0))
                } else if token.kind.binaryOperator != nil || token.kind == TokenKind.bang {
                    spans.append((token.range, type("operator"), 0))
                }
            }
        }
        for comment in lexed.comments {
            // Tokens may not span lines unless the client says so: one span per line.
            var start = comment.range.start
            for (i, b) in source.bytes[Int(comment.range.start)..<Int(comment.range.end)].enumerated() where b == 0x0A {
                let end = comment.range.start + Int32(i)
                if end > start { spans.append((SourceRange(file: file, start: start, end: end), type("comment"), 0)) }
                start = end + 1
            }
            if comment.range.end > start {
                spans.append((SourceRange(file: file, start: start, end: comment.range.end), type("comment"), 0))
            }
        }
        spans.sort { $0.0.start < $1.0.start }
        var data: [JSON] = []
        var previous = LSPPosition(line: 0, character: 0)
        for (range, tokenType, modifiers) in spans {
            let start = source.position(of: range.start, encoding: encoding)
            let end = source.position(of: range.end, encoding: encoding)
            guard end.line == start.line, end.character > start.character else { continue }
            let deltaLine = start.line - previous.line
            let deltaStart = deltaLine == 0 ? start.character - previous.character : start.character
            data += [.int(deltaLine), .int(deltaStart), .int(end.character - start.character), .int(tokenType), .int(modifiers)]
            previous = start
        }
        return .object(["data": .array(data)])
    }

    /// The semantic token type of a name of kind `kind`.
    static func tokenType(of kind: SymbolKind) -> String {
        switch kind {
        case .tip: "class"
        case .event: "event"
        case .parameter: "variable"
        case .constant: "variable"
        case .enumeration: "type"
        case .enumCase: "enumMember"
        case .group: "namespace"
        case .payloadField: "property"
        case .tipArgument: "parameter"
        }
    }
}
