import TipsBytecode

/// Instances known only by their id (from the journal, or named by id in `tipc explain`):
/// when the id template determines every argument, the values are read back from the id,
/// so rules that read arguments can still be evaluated for them.
extension Engine {
    /// The instance of reusable tip `index` whose filled id is `id`, with its arguments
    /// read back from the id; nil when the id does not fit the template, an argument is
    /// absent from it, or two readings disagree. The first reading (shortest argument
    /// texts, left to right) that types correctly wins, and it must fill the id back exactly.
    func recoveredInstance(id: String, index: Int) -> ResolvedTip? {
        let schema = catalog.bundle.tips[index]
        guard !schema.arguments.isEmpty else { return nil }
        let parts = schema.id.parts
        let chars = Array(id)
        var found: [TipValue]? = nil
        var texts: [Int: String] = [:]
        func typed() -> [TipValue]? {
            var values: [TipValue] = []
            for (i, a) in schema.arguments.enumerated() {
                guard let text = texts[i] else { return nil }
                switch a.type.kind {
                case .string: values.append(.string(text))
                case .int:
                    guard let v = Int64(text), String(v) == text else { return nil }
                    values.append(.int(v))
                case .bool:
                    guard text == "true" || text == "false" else { return nil }
                    values.append(.bool(text == "true"))
                case .enumeration:
                    guard catalog.cases(ofEnum: a.type.enumIndex).contains(text) else { return nil }
                    values.append(.enumCase(text))
                default: return nil
                }
            }
            return fill(schema.id, values) == id ? values : nil
        }
        func match(_ p: Int, _ at: Int) {
            if found != nil { return }
            if p == parts.count {
                if at == chars.count { found = typed() }
                return
            }
            switch parts[p] {
            case .literal(let s):
                let lit = Array(catalog.string(s))
                guard at + lit.count <= chars.count, Array(chars[at..<(at + lit.count)]) == lit else { return }
                match(p + 1, at + lit.count)
            case .argument(let a):
                let k = Int(a)
                for end in at...chars.count where found == nil {
                    let text = String(chars[at..<end])
                    if let previous = texts[k] {
                        if previous == text { match(p + 1, end) }
                        continue
                    }
                    texts[k] = text
                    match(p + 1, end)
                    texts[k] = nil
                }
            }
        }
        match(0, 0)
        guard let values = found else { return nil }
        var arguments: [String: TipValue] = [:]
        for (a, v) in zip(schema.arguments, values) { arguments[catalog.string(a.name)] = v }
        return ResolvedTip(index: index, id: id, tip: TipKey(catalog.tipName(index), arguments: arguments), arguments: values)
    }
}
