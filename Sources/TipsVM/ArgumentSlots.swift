import TipsBytecode

/// Where each reusable tip's bound arguments live in a VM's image: the constant-pool entry
/// (read by `pushConst` and fused instructions) and the flattened filter terms that copied
/// that constant (read by queries). Binding an instance writes both.
struct ArgumentSlots {
    struct Entry {
        var argument: Int
        var type: ValueType
        var constant: Int
        var terms: [Int]
        /// The pool entry's own value, restored by `RuleVM.resetArguments(ofTip:)`.
        var placeholder: Slot
    }

    /// Entries per tip index (an array: the status path asks for every tip); tips whose
    /// rules read no argument have none.
    let byTip: [[Entry]]

    init(_ bundle: TipsBundle) {
        var termsOfConstant: [Int: [Int]] = [:]
        var term = 0
        // The same walk as `Image` flattens terms in: query by query, term by term.
        for q in bundle.queries where q.filter != noIndex {
            for t in bundle.filters[Int(q.filter)].terms {
                if t.constant != noIndex { termsOfConstant[Int(t.constant), default: []].append(term) }
                term += 1
            }
        }
        var byTip: [[Entry]] = Array(repeating: [], count: bundle.tips.count)
        for b in bundle.argumentBindings {
            let type = bundle.tips[Int(b.tip)].arguments[Int(b.argument)].type
            byTip[Int(b.tip)].append(Entry(argument: Int(b.argument), type: type, constant: Int(b.constant),
                                                        terms: termsOfConstant[Int(b.constant)] ?? [],
                                                        placeholder: Slot(bundle.constants[Int(b.constant)])))
        }
        self.byTip = byTip
    }
}
