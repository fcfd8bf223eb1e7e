import TipsBytecode

extension Catalog {
    /// The case index that old case name `name` of enumeration `index` was renamed to
    /// (`pro renamedFrom premium`), if the bundle declares it.
    func renamedCase(_ name: String, ofEnum index: UInt16) -> Int? {
        for r in bundle.renames where r.kind == .enumCase && r.index == UInt32(index) && string(r.oldName) == name {
            return Int(r.caseIndex)
        }
        return nil
    }
}

extension Catalog {
    /// The index of the parameter, event or tip that declares `renamedFrom old` (`old` is
    /// what the state was stored under: a key or name, or a tip's id).
    func renamed(_ kind: RenameSchema.Kind, from old: String) -> Int? {
        bundle.renames.first { $0.kind == kind && string($0.oldName) == old }.map { Int($0.index) }
    }

    /// The tip named `name`, or the one that declares `renamedFrom name`: an app built
    /// against an older catalog (its typed Swift, its strings) keeps reaching a tip that an
    /// adopted catalog renamed. Looked up only after the name itself is not found.
    func tipIndex(named name: String) -> Int? { tipIndex[name] ?? renamed(.tip, from: name) }

    /// The parameter named `name`, or the one that declares `renamedFrom name`.
    func paramIndex(named name: String) -> Int? { paramIndex[name] ?? renamed(.param, from: name) }

    /// The event named `name`, or the one that declares `renamedFrom name`.
    func eventIndex(named name: String) -> Int? { eventIndex[name] ?? renamed(.event, from: name) }

    /// The parameter that holds what was stored under `key`: its key (or name), else a
    /// declared rename from it.
    func paramIndex(storedAs key: String) -> Int? { paramKeyIndex[key] ?? renamed(.param, from: key) }

    /// The event whose donations are stored under `key`, or that declares a rename from it.
    func eventIndex(storedAs key: String) -> Int? { eventKeyIndex[key] ?? renamed(.event, from: key) }

    /// The tip whose state is kept under instance id `id`: a plain tip's id, a reusable
    /// tip whose id template can produce it, or a plain tip declaring `renamedFrom id`.
    func tipIndex(holding id: String) -> Int? {
        if let i = plainTipIDs[id] { return i }
        for (i, t) in bundle.tips.enumerated() where !t.arguments.isEmpty && matches(id, t.id) { return i }
        return renamed(.tip, from: id)
    }

    /// Whether `id` could be produced by `template`: its literal parts appear in order,
    /// the first at the start and the last at the end.
    func matches(_ id: String, _ template: Template) -> Bool {
        var rest = Substring(id)
        var anchored = true
        for (n, part) in template.parts.enumerated() {
            switch part {
            case .argument:
                anchored = false
            case .literal(let s):
                let lit = string(s)
                if n == template.parts.count - 1 && !anchored {
                    return rest.hasSuffix(lit)
                }
                if anchored {
                    guard rest.hasPrefix(lit) else { return false }
                    rest = rest.dropFirst(lit.count)
                } else {
                    guard let r = rest.range(of: lit) else { return false }
                    rest = rest[r.upperBound...]
                }
                anchored = true
            }
        }
        return anchored ? rest.isEmpty : true
    }
}
