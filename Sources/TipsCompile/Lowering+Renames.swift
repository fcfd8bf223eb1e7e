extension Lowering {
    /// `renamedFrom OLD` of parameters and events, in declaration order (parameters first).
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
    }
}
