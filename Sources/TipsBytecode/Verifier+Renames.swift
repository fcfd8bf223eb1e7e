extension Verifier {
    /// Each rename points at a parameter or event, and its old name is no declared
    /// parameter or event name and is claimed once: otherwise two names would share state.
    func checkRenames() throws(BundleError) {
        var declared: Set<UInt32> = Set(bundle.params.map(\.name))
        declared.formUnion(bundle.events.map(\.name))
        var claimed: Set<UInt32> = []
        for (i, r) in bundle.renames.enumerated() {
            let site = ErrorSite.item(.renames, i)
            switch r.kind {
            case .param: try index(r.index, bundle.params.count, .param, site)
            case .event: try index(r.index, bundle.events.count, .event, site)
            }
            try string(r.oldName, site)
            guard !declared.contains(r.oldName) else {
                throw .invalidValue(site, rule: "an old name must not be a declared parameter or event")
            }
            guard claimed.insert(r.oldName).inserted else {
                throw .invalidValue(site, rule: "an old name is claimed by one rename only")
            }
        }
    }
}
