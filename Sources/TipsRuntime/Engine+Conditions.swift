import TipsBytecode

extension Engine {
    /// The `when` condition of tip `tip`'s message (`item == noIndex`) or action `item`, if any.
    func condition(tip: Int, item: UInt32) -> ConditionSchema? {
        catalog.bundle.conditions.first { $0.tip == UInt32(tip) && $0.item == item }
    }

    /// Whether the item is shown now: it has no condition, or the app's platform is one of
    /// the condition's and its program (which reads no arguments) returns true.
    func shows(tip: Int, item: UInt32) -> Bool {
        guard let c = condition(tip: tip, item: item) else { return true }
        guard c.platforms & platform.bundleBit != 0 else { return false }
        return c.program == noIndex || vm.evaluateRule(Int(c.program), in: rules)
    }
}

extension Engine {
    /// The tip's items with a `when` condition, each with whether it is shown now and why;
    /// a chosen message or image says which alternative and why.
    func conditionalItems(_ r: ResolvedTip) -> [TipExplanation.ConditionalItem] {
        let tip = catalog.bundle.tips[r.index]
        return choiceItems(r) + catalog.bundle.conditions.filter { $0.tip == UInt32(r.index) }
            .sorted { ($0.item == noIndex ? -1 : Int($0.item)) < ($1.item == noIndex ? -1 : Int($1.item)) }
            .map { c in
                let item = c.item == noIndex ? "message" : "action \"\(catalog.string(tip.actions[Int(c.item)].id))\""
                var reasons: [String] = []
                let onPlatform = c.platforms & platform.bundleBit != 0
                if c.platforms != ConditionSchema.allPlatforms {
                    let names = BundlePlatform.allCases.filter(c.allows).map(\.description).joined(separator: ", ")
                    reasons.append("for \(names); the platform is \(platform.rawValue)")
                }
                let holds = c.program == noIndex || vm.evaluateRule(Int(c.program), in: rules)
                if c.program != noIndex { reasons.append("its condition on the state \(holds ? "holds" : "is false")") }
                return .init(item: item, shown: onPlatform && holds, why: reasons.joined(separator: "; "))
            }
    }
}
