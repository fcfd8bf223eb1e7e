import TipsBytecode
import TipsCheck
import TipsReference
import TipsVM

/// Converts between the reference evaluator's plain values and the VM's slots, so one
/// state drives both evaluators (differential tests, benchmarks).
public enum StateBridge {
    /// A VM state for `verified` (compiled from `model`) holding exactly `state`: parameter
    /// values, and every donation in the same order (absent payload fields become nil).
    public static func ruleState(_ state: ReferenceState, model: CatalogModel, verified: VerifiedBundle) -> RuleState {
        var s = RuleState(verified, now: state.now)
        s.platform = BundlePlatform(name: state.platform) ?? .iOS
        for (i, value) in state.parameters.enumerated() where i < model.parameters.count {
            s.setParam(i, slot(value, in: &s))
        }
        for (e, donations) in state.donations.enumerated() where e < model.events.count {
            let fields = model.events[e].fields
            for d in donations {
                var payload: [Slot] = []
                for f in fields { payload.append(d.payload[f.name].map { slot($0, in: &s) } ?? .nil) }
                s.donate(event: e, at: d.time, payload: payload)
            }
        }
        return s
    }

    /// The VM slot of a plain value (strings and sets are interned into `state`).
    public static func slot(_ value: ReferenceValue, in state: inout RuleState) -> Slot {
        switch value {
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(state.intern(s))
        case .date(let ms): .date(ms: ms)
        case .duration(let ms): .duration(ms: ms)
        case .enumCase(let i): .enumCase(i)
        case .stringSet(let members): .set(state.addSet(members))
        case .none: .nil
        }
    }

    /// The plain value of a VM result of model type `type`.
    public static func value(_ slot: Slot, type: TipsCheck.ValueType, in state: RuleState) -> ReferenceValue {
        if slot.isNil { return .none }
        switch type.unwrapped {
        case .bool, .error: return .bool(slot.boolValue)
        case .int: return .int(slot.intValue)
        case .double: return .double(slot.doubleValue)
        case .string: return .string(state.strings.string(UInt32(truncatingIfNeeded: slot.bits)) ?? "?")
        case .date: return .date(slot.intValue)
        case .duration: return .duration(slot.intValue)
        case .enumeration: return .enumCase(Int(slot.bits))
        case .stringSet:
            let ids = state.sets.members(of: UInt32(truncatingIfNeeded: slot.bits))
            return .stringSet(ids.map { state.strings.string($0) ?? "?" })
        case .optional(let wrapped): return value(slot, type: wrapped, in: state)
        }
    }
}
