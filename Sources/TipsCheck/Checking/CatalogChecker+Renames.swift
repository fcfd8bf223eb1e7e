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
                error(.invalidRename, "\(kind) '\(name.name)' is renamed from its own name", at: old.range)
            } else if let entry = symbols[old.name] {
                error(.invalidRename, "'\(old.name)' is still declared, so \(kind) '\(name.name)' cannot be renamed from it",
                      at: old.range, notes: [Note("'\(old.name)' is declared here as \(entry.symbol.kindDescription)", at: entry.range)])
            } else if let first = claimed[old.name] {
                error(.invalidRename, "'\(old.name)' is already the old name of another declaration", at: old.range,
                      notes: [Note("first claimed here", at: first)])
            } else {
                claimed[old.name] = old.range
            }
        }
        checkTipRenames()
        for (e, d) in enumDecls.enumerated() where d.renamedFrom.count == d.cases.count {
            var caseClaims: [String: SourceRange] = [:]
            for (i, (c, old)) in zip(d.cases, d.renamedFrom).enumerated() {
                guard let old else { continue }
                if old.name == c.name {
                    error(.invalidRename, "case '\(d.name.name).\(c.name)' is renamed from its own name", at: old.range)
                } else if let current = d.cases.first(where: { $0.name == old.name }) {
                    error(.invalidRename, "'\(old.name)' is still a case of '\(d.name.name)', so '\(c.name)' cannot be renamed from it",
                          at: old.range, notes: [Note("'\(old.name)' is declared here", at: current.range)])
                } else if let first = caseClaims[old.name] {
                    error(.invalidRename, "'\(old.name)' is already the old name of another case of '\(d.name.name)'", at: old.range,
                          notes: [Note("first claimed here", at: first)])
                } else {
                    caseClaims[old.name] = old.range
                    model.enums[e].renamedCases[old.name] = model.enums[e].cases.firstIndex(of: c.name) ?? i
                }
            }
        }
    }

    /// `tip New renamedFrom Old`: a plain tip (a reusable one's ids come from a template),
    /// and no tip's id is `Old` any more. Sets the model's `renamedFrom`.
    mutating func checkTipRenames() {
        let ids = Set(model.tips.compactMap { $0.id.literalText })
        var claimed: [String: SourceRange] = [:]
        for (t, d) in tipDecls.enumerated() {
            guard let old = d.renamedFrom else { continue }
            if !d.arguments.isEmpty {
                error(.invalidRename, "reusable tip '\(d.name.name)' cannot be renamed with 'renamedFrom'", at: old.range,
                      notes: [Note("its ids come from its 'id' template: keep the template to keep users' state")])
            } else if old.name == d.name.name || model.tips[t].id.literalText == old.name {
                error(.invalidRename, "tip '\(d.name.name)' is renamed from its own id", at: old.range)
            } else if ids.contains(old.name) {
                error(.invalidRename, "'\(old.name)' is still the id of a tip, so tip '\(d.name.name)' cannot be renamed from it", at: old.range)
            } else if let first = claimed[old.name] {
                error(.invalidRename, "'\(old.name)' is already the old name of another tip", at: old.range,
                      notes: [Note("first claimed here", at: first)])
            } else {
                claimed[old.name] = old.range
                model.tips[t].renamedFrom = old.name
            }
        }
    }
}
