extension Lowering {
    /// `renamedFrom OLD` of parameters, events and enumeration cases, in that order, each in
    /// declaration order (cases by old name).
    /// Parameters and events are lowered in model order, so model indices are bundle indices.
    mutating func lowerRenames() {
        for (i, p) in model.parameters.enumerated() {
            guard let old = p.renamedFrom else { continue }
            builder.addRename(.param, index: i, oldName: old)
        }
        for (i, e) in model.events.enumerated() {
            guard let old = e.renamedFrom else { continue }
            builder.addRename(.event, index: i, oldName: old)
        }
        for (i, t) in model.tips.enumerated() {
            guard let old = t.renamedFrom else { continue }
            builder.addRename(.tip, index: i, oldName: old)
        }
        for (i, e) in model.enums.enumerated() {
            for old in e.renamedCases.keys.sorted() {
                builder.addRename(.enumCase, index: i, caseIndex: e.renamedCases[old] ?? 0, oldName: old)
            }
        }
    }
}
