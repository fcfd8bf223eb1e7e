import TipsSource
import TipsSyntax
import TipsText

extension LanguageServer {
    /// LSP `SymbolKind` numbers for our kinds of declaration.
    static func lspSymbolKind(_ kind: SymbolKind) -> Int {
        switch kind {
        case .tip: 5            // Class
        case .event: 24         // Event
        case .parameter: 13     // Variable
        case .constant: 14      // Constant
        case .enumeration: 10   // Enum
        case .enumCase: 22      // EnumMember
        case .group: 3          // Namespace
        case .payloadField: 8   // Field
        case .tipArgument: 26   // TypeParameter
        }
    }

    /// `textDocument/documentSymbol`: the outline, declarations with their members inside.
    mutating func documentSymbols(_ params: JSON) throws(RPCError) -> JSON {
        let uri = try documentURI(params)
        guard let (analysis, file) = workspace.analysis(for: uri) else { return .array([]) }
        let source = analysis.sources[file]
        func symbol(_ name: String, detail: String?, kind: Int, range: SourceRange, selection: SourceRange,
                    children: [JSON] = []) -> JSON {
            var members: [(String, JSON)] = [("name", .string(name.isEmpty ? "?" : name))]
            if let detail { members.append(("detail", .string(detail))) }
            members += [("kind", .int(kind)),
                        ("range", source.lspRange(range, encoding: encoding)),
                        ("selectionRange", source.lspRange(range.contains(selection.start) ? selection : range,
                                                            encoding: encoding))]
            if !children.isEmpty { members.append(("children", .array(children))) }
            return .object(members)
        }
        func typeText(_ t: TypeSyntax) -> String { source.text(in: t.range) }
        var out: [JSON] = []
        for decl in analysis.trees[Int(file.index)].declarations {
            switch decl {
            case .param(let p):
                out.append(symbol(p.name.name, detail: typeText(p.type), kind: 13, range: p.range, selection: p.name.range))
            case .event(let e):
                let fields = e.fields.map { symbol($0.name.name, detail: typeText($0.type), kind: 8, range: $0.range,
                                                   selection: $0.name.range) }
                out.append(symbol(e.name.name, detail: "event", kind: 24, range: e.range, selection: e.name.range,
                                  children: fields))
            case .enumeration(let e):
                let cases = e.cases.map { symbol($0.name, detail: nil, kind: 22, range: $0.range, selection: $0.range) }
                out.append(symbol(e.name.name, detail: "enum", kind: 10, range: e.range, selection: e.name.range,
                                  children: cases))
            case .tip(let t):
                var children = t.arguments.map { symbol($0.name.name, detail: typeText($0.type), kind: 26,
                                                        range: $0.range, selection: $0.name.range) }
                for case .action(let a) in t.items {
                    children.append(symbol(a.id.plainText ?? source.text(in: a.id.range), detail: "action", kind: 6,
                                           range: a.range, selection: a.id.range))
                }
                let title = t.items.lazy.compactMap { item -> String? in
                    if case .title(.literal(let s), _) = item { return s.plainText }
                    return nil
                }.first
                out.append(symbol(t.name.name, detail: title, kind: 5, range: t.range, selection: t.name.range,
                                  children: children))
            case .group(let g):
                out.append(symbol(g.name.name, detail: (g.priority?.rawValue ?? "firstAvailable") + (g.together == nil ? "" : " together"), kind: 3, range: g.range,
                                  selection: g.name.range))
            case .constant(let c):
                out.append(symbol(c.name.name, detail: c.type.map(typeText) ?? source.text(in: c.value.range), kind: 14,
                                  range: c.range, selection: c.name.range))
            case .config(let c):
                out.append(symbol("config", detail: nil, kind: 19, range: c.range, selection: c.range))
            case .testing(let t):
                out.append(symbol("testing", detail: "overrides", kind: 19, range: t.range, selection: t.range))
            }
        }
        return .array(out)
    }

    /// `workspace/symbol`: declarations of every catalog of the workspace whose name contains
    /// the query's characters in order (case-insensitive), as editors' fuzzy pickers expect.
    mutating func workspaceSymbols(_ params: JSON) throws(RPCError) -> JSON {
        let query = Array((params["query"]?.string ?? "").lowercased())
        workspace.discoverCatalogs()
        var out: [JSON] = []
        for key in workspace.catalogs.keys.sorted() {
            guard let analysis = workspace.analysis(of: key) else { continue }
            var entries: [(SymbolKey, CatalogIndex.Declaration)] = []
            for (key, declarations) in analysis.index.declarations {
                for d in declarations { entries.append((key, d)) }
            }
            entries.sort { ($0.1.nameRange.file, $0.1.nameRange.start) < ($1.1.nameRange.file, $1.1.nameRange.start) }
            for (key, d) in entries where Self.matches(query, key.name) {
                var members: [(String, JSON)] = [("name", .string(key.name)), ("kind", .int(Self.lspSymbolKind(key.kind))),
                                                 ("location", location(d.nameRange, in: analysis))]
                if let container = key.container { members.append(("containerName", .string(container))) }
                out.append(.object(members))
            }
        }
        return .array(out)
    }

    static func matches(_ query: [Character], _ name: String) -> Bool {
        var rest = query[...]
        for c in name.lowercased() where rest.first == c { rest = rest.dropFirst() }
        return rest.isEmpty
    }
}
