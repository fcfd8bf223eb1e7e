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
