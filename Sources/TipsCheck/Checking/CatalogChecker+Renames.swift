import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// `renamedFrom OLD` on parameters and events: the old name must be free (a name still
    /// declared would keep its own state), differ from the new one, and be claimed once.
    mutating func checkRenames() {
        var claimed: [String: SourceRange] = [:]
        let renames = paramDecls.compactMap { d in d.renamedFrom.map { (d.name, $0, "parameter") } }
            + eventDecls.compactMap { d in d.renamedFrom.map { (d.name, $0, "event") } }
        for (name, old, kind) in renames {
            if old.name == name.name {
                error("E421", "\(kind) '\(name.name)' is renamed from its own name", at: old.range)
            } else if let entry = symbols[old.name] {
                error("E421", "'\(old.name)' is still declared, so \(kind) '\(name.name)' cannot be renamed from it",
                      at: old.range, notes: [Note("'\(old.name)' is declared here as \(entry.symbol.kindDescription)", at: entry.range)])
            } else if let first = claimed[old.name] {
                error("E421", "'\(old.name)' is already the old name of another declaration", at: old.range,
                      notes: [Note("first claimed here", at: first)])
            } else {
                claimed[old.name] = old.range
            }
        }
        for (e, d) in enumDecls.enumerated() where d.renamedFrom.count == d.cases.count {
            var caseClaims: [String: SourceRange] = [:]
            for (i, (c, old)) in zip(d.cases, d.renamedFrom).enumerated() {
                guard let old else { continue }
                if old.name == c.name {
                    error("E421", "case '\(d.name.name).\(c.name)' is renamed from its own name", at: old.range)
                } else if let current = d.cases.first(where: { $0.name == old.name }) {
                    error("E421", "'\(old.name)' is still a case of '\(d.name.name)', so '\(c.name)' cannot be renamed from it",
                          at: old.range, notes: [Note("'\(old.name)' is declared here", at: current.range)])
                } else if let first = caseClaims[old.name] {
                    error("E421", "'\(old.name)' is already the old name of another case of '\(d.name.name)'", at: old.range,
                          notes: [Note("first claimed here", at: first)])
                } else {
                    caseClaims[old.name] = old.range
                    model.enums[e].renamedCases[old.name] = model.enums[e].cases.firstIndex(of: c.name) ?? i
                }
            }
        }
    }
}
