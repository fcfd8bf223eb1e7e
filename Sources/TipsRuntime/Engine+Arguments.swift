import TipsBytecode
import TipsVM

/// Reusable tips whose rules read their own arguments: each instance is evaluated with its
/// argument values bound in the VM.
extension Engine {
    /// Interns the string arguments of every instance addressed in this run into `rules`,
    /// so their values have ids there (after `rules` is rebuilt, and for a new instance).
    mutating func internArguments(of r: ResolvedTip) {
        guard vm.readsArguments(tip: r.index) else { return }
        for v in r.arguments { if case .string(let s) = v { _ = rules.intern(s) } }
    }

    /// Re-interns every known instance's string arguments into a freshly built `rules`, and
    /// puts every binding back to its placeholder: a string id bound for the old state may
    /// not exist in the new one (every evaluation binds its instance first anyway).
    mutating func internInstanceArguments() {
        for b in catalog.bundle.argumentBindings { vm.resetArguments(ofTip: Int(b.tip)) }
        for r in instances.values { internArguments(of: r) }
    }

    /// The VM values of `r`'s arguments in `rules` (nil when a string was never interned,
    /// which `resolveAndRemember` prevents, or an enum case is unknown).
    func argumentSlots(_ r: ResolvedTip) -> [Slot]? {
        let schema = catalog.bundle.tips[r.index]
        var out: [Slot] = []
        for (a, v) in zip(schema.arguments, r.arguments) {
            switch v {
            case .string(let s):
                guard let id = rules.strings.id(of: s) else { return nil }
                out.append(.string(id))
            case .int(let i): out.append(.int(i))
            case .bool(let b): out.append(.bool(b))
            case .enumCase(let name):
                guard let i = catalog.cases(ofEnum: a.type.enumIndex).firstIndex(of: name) else { return nil }
                out.append(.enumCase(i))
            default: return nil
            }
        }
        return out
    }

    /// Binds `r`'s argument values in `vm` before its rules or probes run; false when they
    /// cannot be bound (the rules then count as not holding).
    func bindArguments(of r: ResolvedTip, in vm: RuleVM) -> Bool {
        guard vm.readsArguments(tip: r.index) else { return true }
        if let slots = argumentSlots(r), vm.bindArguments(slots, ofTip: r.index, in: rules) { return true }
        vm.resetArguments(ofTip: r.index)
        return false
    }

    /// Whether every rule of `r` holds now, with its own argument values.
    func rulesHold(_ r: ResolvedTip) -> Bool {
        guard bindArguments(of: r, in: vm) else { return false }
        return vm.rulesHold(tip: r.index, in: rules) && variantRulesHold(r)
    }
}

extension Engine {
    /// `r`'s arguments by name for an explanation; nil for a plain tip or an instance known
    /// only by its id (no values).
    func argumentInputs(_ r: ResolvedTip) -> [TipExplanation.Input]? {
        let schema = catalog.bundle.tips[r.index]
        guard !schema.arguments.isEmpty, schema.arguments.count == r.arguments.count else { return nil }
        return zip(schema.arguments, r.arguments).map { a, v in
            TipExplanation.Input(name: catalog.string(a.name), value: v.description)
        }
    }
}
