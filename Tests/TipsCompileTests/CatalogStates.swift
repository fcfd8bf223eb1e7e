import TipsBenchSupport
import TipsCheck
import TipsReference

/// Random states for any catalog: parameter values of each type and donations around now.
struct CatalogStates {
    var rng: SeededGenerator
    let model: CatalogModel

    init(seed: UInt64, model: CatalogModel) {
        rng = SeededGenerator(seed: seed)
        self.model = model
    }

    mutating func value(_ type: TipsCheck.ValueType) -> ReferenceValue {
        switch type {
        case .optional(let w): return rng.chance(30) ? .none : value(w)
        case .bool, .error: return .bool(rng.chance(50))
        case .int: return .int(Int64(rng.below(30)) - 3)
        case .double: return .double(Double(rng.below(100)) / 4)
        case .string: return .string(rng.pick(["", "a", "pro", "home", "x"]))
        case .date: return .date(BenchSupport.now - Int64(rng.below(60)) * 86_400_000)
        case .duration: return .duration(Int64(rng.below(10)) * 3_600_000)
        case .enumeration(let e): return .enumCase(rng.below(model.enums[e].cases.count))
        case .stringSet: return .stringSet(["a", "pro", "x"].filter { _ in rng.chance(50) })
        }
    }

    mutating func state() -> ReferenceState {
        var state = ReferenceState(now: BenchSupport.now, parameters: model.parameters.map { value($0.type) },
                                   donations: model.events.map { _ in [] })
        for (e, event) in model.events.enumerated() {
            var ds: [ReferenceDonation] = []
            for _ in 0..<rng.below(12) {
                var payload: [String: ReferenceValue] = [:]
                for f in event.fields { payload[f.name] = value(f.type) }
                ds.append(ReferenceDonation(time: BenchSupport.now - Int64(rng.below(40 * 24)) * 3_600_000, payload: payload))
            }
            state.donations[e] = ds.sorted { $0.time < $1.time }
        }
        return state
    }
}
