extension Verifier {
    /// Each rename points at a parameter, event or enumeration case. A parameter's or
    /// event's old name is no declared parameter or event name; a case's old name is no case
    /// of its enumeration; and each old name is claimed once (per enumeration for cases):
    /// otherwise two names would share state.
    func checkRenames() throws(BundleError) {
        var declared: Set<UInt32> = Set(bundle.params.map(\.name))
        declared.formUnion(bundle.events.map(\.name))
        var claimed: Set<UInt32> = []
        var claimedCases: Set<[UInt32]> = []
        var claimedTips: Set<UInt32> = []
        // The ids of plain tips, as their one literal part.
        let tipIDs: Set<UInt32> = Set(bundle.tips.compactMap { t in
            if t.id.parts.count == 1, case .literal(let s) = t.id.parts[0] { return s }
            return nil
        })
        for (i, r) in bundle.renames.enumerated() {
            let site = ErrorSite.item(.renames, i)
            try string(r.oldName, site)
            switch r.kind {
            case .param, .event:
                try index(r.index, r.kind == .param ? bundle.params.count : bundle.events.count, r.kind == .param ? .param : .event, site)
                guard r.caseIndex == 0 else { throw .invalidValue(site, rule: "a parameter or event rename has case index 0") }
                guard !declared.contains(r.oldName) else {
                    throw .invalidValue(site, rule: "an old name must not be a declared parameter or event")
                }
                guard claimed.insert(r.oldName).inserted else {
                    throw .invalidValue(site, rule: "an old name is claimed by one rename only")
                }
            case .tip:
                try index(r.index, bundle.tips.count, .tip, site)
                let tip = bundle.tips[Int(r.index)]
                guard tip.arguments.isEmpty, r.caseIndex == 0 else {
                    throw .invalidValue(site, rule: "only a plain tip is renamed, with case index 0")
                }
                guard !tipIDs.contains(r.oldName) else { throw .invalidValue(site, rule: "an old tip id must not be a tip's id") }
                guard claimedTips.insert(r.oldName).inserted else {
                    throw .invalidValue(site, rule: "an old name is claimed by one rename only")
                }
            case .enumCase:
                try index(r.index, bundle.enums.count, .enumeration, site)
                let cases = bundle.enums[Int(r.index)].cases
                try index(r.caseIndex, cases.count, .enumCase, site)
                guard !cases.contains(r.oldName) else {
                    throw .invalidValue(site, rule: "an old case name must not be a case of its enumeration")
                }
                guard claimedCases.insert([r.index, r.oldName]).inserted else {
                    throw .invalidValue(site, rule: "an old name is claimed by one rename only")
                }
            }
        }
    }
}
