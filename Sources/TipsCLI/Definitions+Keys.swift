import TipsBytecode

extension Definitions {
    /// What each parameter's values are stored under in the journal: its declared key
    /// (`key "..."`), else its name; by parameter index.
    var paramKeys: [String] {
        var out = bundle.params.map { string($0.name) }
        for k in bundle.keys where k.kind == .param && Int(k.index) < out.count { out[Int(k.index)] = string(k.key) }
        return out
    }

    /// What each event's donations are stored under in the journal; by event index.
    var eventKeys: [String] {
        var out = bundle.events.map { string($0.name) }
        for k in bundle.keys where k.kind == .event && Int(k.index) < out.count { out[Int(k.index)] = string(k.key) }
        return out
    }
}
