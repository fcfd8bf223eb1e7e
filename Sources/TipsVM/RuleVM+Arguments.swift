import TipsBytecode

extension RuleVM {
    /// Whether tip `tip`'s rules read its arguments, so each instance is evaluated with its
    /// own values (``bindArguments(_:ofTip:in:)`` first).
    public func readsArguments(tip: Int) -> Bool {
        argumentSlots.byTip.indices.contains(tip) && !argumentSlots.byTip[tip].isEmpty
    }

    /// Gives tip `tip`'s argument reads the values of one instance (`values` in declaration
    /// order, strings interned in `state`); they stay bound for every evaluation until the
    /// next call for that tip. Returns false, binding nothing, when a value is missing or
    /// does not fit its argument's type in `state` (so a program never sees an ill-typed value).
    @discardableResult
    public func bindArguments(_ values: [Slot], ofTip tip: Int, in state: RuleState) -> Bool {
        guard readsArguments(tip: tip) else { return true }
        let entries = argumentSlots.byTip[tip]
        for e in entries {
            guard values.indices.contains(e.argument), !values[e.argument].isNil,
                  state.isValid(values[e.argument], as: e.type) else { return false }
        }
        for e in entries {
            let v = values[e.argument]
            image.constants[e.constant] = v
            for t in e.terms { image.terms[t].bits = v.bits }
        }
        return true
    }

    /// Puts tip `tip`'s argument reads back to the bundle's placeholders (for a caller that
    /// has no values, so it never sees another instance's).
    public func resetArguments(ofTip tip: Int) {
        guard readsArguments(tip: tip) else { return }
        let entries = argumentSlots.byTip[tip]
        for e in entries {
            image.constants[e.constant] = e.placeholder
            for t in e.terms { image.terms[t].bits = e.placeholder.bits }
        }
    }

    /// True when every rule of tip `tip` holds for the instance with argument values
    /// `values`; false when the values do not fit (see ``bindArguments(_:ofTip:in:)``).
    public func rulesHold(tip: Int, arguments values: [Slot], in state: RuleState) -> Bool {
        guard bindArguments(values, ofTip: tip, in: state) else { return false }
        return rulesHold(tip: tip, in: state)
    }
}
