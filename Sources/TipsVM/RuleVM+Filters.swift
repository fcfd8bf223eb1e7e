import TipsBytecode

/// Filters outside queries: `invalidate when e where filter` is decided when a donation
/// happens, against that donation's payload. Not on the rule hot path, so plain checked
/// Swift (bad indices answer false instead of trapping).
extension RuleVM {
    /// Whether trigger `trigger` of tip `tip` fires for a donation of `event` with `payload`.
    public func triggerFires(tip: Int, trigger: Int, event: Int, payload: [Slot], in state: RuleState) -> Bool {
        let tips = verified.bundle.tips
        guard tips.indices.contains(tip), tips[tip].triggers.indices.contains(trigger) else { return false }
        let t = tips[tip].triggers[trigger]
        guard Int(t.event) == event else { return false }
        return t.filter == noIndex || filterMatches(Int(t.filter), event: event, payload: payload, in: state)
    }

    /// Whether a donation of `event` with `payload` passes filter `filter` (a missing —
    /// nil — field fails every term, and so does NaN, `!=` included).
    public func filterMatches(_ filter: Int, event: Int, payload: [Slot], in state: RuleState) -> Bool {
        let b = verified.bundle
        guard b.filters.indices.contains(filter), b.events.indices.contains(event),
              payload.count == b.events[event].fields.count else { return false }
        for term in b.filters[filter].terms {
            guard Int(term.field) < payload.count else { return false }
            let v = payload[Int(term.field)]
            if v.isNil { return false }
            switch term.relation {
            case .isTrue: if v.bits == 0 { return false }
            case .isFalse: if v.bits != 0 { return false }
            default:
                guard Int(term.constant) < b.constants.count else { return false }
                let constant = b.constants[Int(term.constant)]
                let c = constant.bits
                let order: Int?
                let fieldKind = b.events[event].fields[Int(term.field)].type.kind
                // An Int field against a Double constant is promoted to Double.
                let kind = fieldKind == .int && constant.type.kind == .double ? ValueType.Kind.double : fieldKind
                switch kind {
                case .double:
                    let x = fieldKind == .double ? v.doubleValue : Double(v.intValue)
                    let y = Double(bitPattern: c)
                    order = x.isNaN || y.isNaN ? nil : (x < y ? -1 : (x == y ? 0 : 1))
                case .string:
                    guard let x = state.strings.string(UInt32(truncatingIfNeeded: v.bits)),
                          let y = state.strings.string(UInt32(truncatingIfNeeded: c)) else { return false }
                    let a = Array(x.utf8), bb = Array(y.utf8)
                    order = a == bb ? 0 : (a.lexicographicallyPrecedes(bb) ? -1 : 1)
                default:
                    let x = v.intValue, y = Int64(bitPattern: c)
                    order = x < y ? -1 : (x == y ? 0 : 1)
                }
                guard let o = order else { return false }
                let pass: Bool
                switch term.relation {
                case .eq: pass = o == 0
                case .ne: pass = o != 0
                case .lt: pass = o < 0
                case .le: pass = o <= 0
                case .gt: pass = o > 0
                default: pass = o >= 0
                }
                if !pass { return false }
            }
        }
        return true
    }
}
