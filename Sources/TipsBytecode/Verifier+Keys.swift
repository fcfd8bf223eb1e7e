extension Verifier {
    /// Each key points at a parameter (not a transient one: it is never stored) or an event,
    /// once; within each kind (transient parameters included) no two are stored under the same name (key, else name), and
    /// no rename's old name is what another one is stored under: either would mix users'
    /// state. Asset images name tips that have an image, ascending, each once.
    func checkKeys() throws(BundleError) {
        var keyed: [KeySchema.Kind: [UInt32: UInt32]] = [.param: [:], .event: [:]]
        for (i, k) in bundle.keys.enumerated() {
            let site = ErrorSite.item(.keys, i)
            try string(k.key, site)
            switch k.kind {
            case .param:
                try index(k.index, bundle.params.count, .param, site)
                guard !bundle.params[Int(k.index)].isTransient else {
                    throw .invalidValue(site, rule: "a transient parameter has no key")
                }
            case .event:
                try index(k.index, bundle.events.count, .event, site)
            }
            guard keyed[k.kind]?.updateValue(k.key, forKey: k.index) == nil else {
                throw .invalidValue(site, rule: "a parameter or event has at most one key")
            }
        }
        // Transient parameters too: their values are journaled while a store is open.
        let paramNames = bundle.params.enumerated().map { keyed[.param]?[UInt32($0.offset)] ?? $0.element.name }
        let eventNames = bundle.events.enumerated().map { keyed[.event]?[UInt32($0.offset)] ?? $0.element.name }
        for (names, what) in [(paramNames, "parameters"), (eventNames, "events")] where Set(names).count != names.count {
            let at = bundle.keys.firstIndex { k in names.filter { $0 == k.key }.count > 1 } ?? 0
            throw .invalidValue(.item(.keys, at), rule: "no two \(what) are stored under the same name")
        }
        let stored = Set(paramNames + eventNames)
        for (i, r) in bundle.renames.enumerated() where r.kind == .param || r.kind == .event {
            guard !stored.contains(r.oldName) else {
                throw .invalidValue(.item(.renames, i), rule: "an old name must not be what a parameter or event is stored under")
            }
        }
        var previous: UInt32?
        for (i, t) in bundle.assetImages.enumerated() {
            let site = ErrorSite.item(.assets, i)
            try index(t, bundle.tips.count, .tip, site)
            guard bundle.tips[Int(t)].image != noIndex else { throw .invalidValue(site, rule: "an asset image names a tip with an image") }
            if let previous, t <= previous { throw .invalidValue(site, rule: "asset image tips must be strictly ascending") }
            previous = t
        }
    }
}
