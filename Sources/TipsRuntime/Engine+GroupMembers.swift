/// Groups with reusable members: such a member stands for every instance of it addressed
/// in this run, at its place in the group, in the order the instances were first addressed
/// (Docs/semantics.md, "Groups").
extension Engine {
    /// The run-time members of group `g`, in order: plain tips as declared, each reusable
    /// tip replaced by its instances in first-addressed order (none before the app names one).
    func groupMembers(_ g: Int) -> [ResolvedTip] {
        var out: [ResolvedTip] = []
        for m in catalog.bundle.groups[g].members {
            let i = Int(m)
            if catalog.isReusable(i) {
                for id in instanceOrder { if let r = instances[id], r.index == i { out.append(r) } }
            } else {
                out.append(plain(i))
            }
        }
        return out
    }

    /// How explanations name a group member: a plain tip by its name, an instance by its id.
    func memberLabel(_ r: ResolvedTip) -> String {
        catalog.isReusable(r.index) ? r.id : r.tip.name
    }

    /// A reusable instance addressed for the first time: it joins its group (if any), so
    /// that group's observers are told of a possibly new current tip.
    mutating func addedInstance(_ r: ResolvedTip) {
        instanceOrder.append(r.id)
        if events != nil { addPhaseObserver(r) }
        if catalog.groupOfTip[r.index] != nil {
            changes.tips.insert(r.index)
            breakpoints.valid = false
        }
    }
}
