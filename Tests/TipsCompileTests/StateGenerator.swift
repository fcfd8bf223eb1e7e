import TipsBenchSupport
import TipsCheck
import TipsReference

/// Random states for ``RuleGenerator/world``: parameter values from edge-heavy pools (nil,
/// Int.min/max, NaN, infinities, -0.0, composed and decomposed strings) and donations at
/// window edges (exactly `now - W`, one ms outside it, `now`, the future), with payloads
/// that sometimes lack fields.
struct StateGenerator {
    var rng: SeededGenerator
    let model: CatalogModel
    let now: Int64

    init(seed: UInt64, model: CatalogModel) {
        rng = SeededGenerator(seed: seed)
        self.model = model
        var first = SeededGenerator(seed: seed)
        now = BenchSupport.now + Int64(first.below(1000))
    }

    static let ints: [Int64] = [0, 1, 2, 3, -1, 7, 100, 255, 256, .max, .min]
    static let doubles: [Double] = [0, -0.0, 1.5, 2.5, -3.25, .nan, .infinity, -.infinity, 1e308, 0.1, 3]
    static let strings = ["", "a", "ab", "b", "pen", "home", "cart", "\u{E9}", "e\u{301}", "ü🙂", "bag"]
    static let durations: [Int64] = [3_600_000, 86_400_000, 2 * 86_400_000, 7 * 86_400_000, 500, 30 * 86_400_000]

    mutating func value(_ type: ValueType) -> ReferenceValue {
        switch type {
        case .optional(let w): return rng.chance(30) ? .none : value(w)
        case .bool, .error: return .bool(rng.chance(50))
        case .int: return .int(rng.pick(Self.ints))
        case .double: return .double(rng.pick(Self.doubles))
        case .string: return .string(rng.pick(Self.strings))
        case .date: return .date(rng.pick([now, now - 86_400_000, now - 1, 1_767_225_600_000, .max, .min, now + 5]))
        case .duration: return .duration(rng.pick(Self.durations))
        case .enumeration(let e): return .enumCase(rng.below(model.enums[e].cases.count))
        case .stringSet: return .stringSet(["a", "b", "pen", "\u{E9}"].filter { _ in rng.chance(40) })
        }
    }

    /// A donation instant: on a window edge, just outside it, now, or in the future.
    mutating func instant() -> Int64 {
        let w = rng.pick(Self.durations)
        switch rng.below(6) {
        case 0: return now - w
        case 1: return now - w - 1
        case 2: return now
        case 3: return now + 1 + Int64(rng.below(3)) * 86_400_000
        case 4: return now - w + 1
        default: return now - Int64(rng.below(40 * 86_400)) * 1000
        }
    }

    mutating func state() -> ReferenceState {
        var state = ReferenceState(now: now, parameters: model.parameters.map { value($0.type) },
                                   donations: model.events.map { _ in [] })
        state.platform = rng.pick(ContentCondition.platformNames)
        for (e, event) in model.events.enumerated() {
            let n = rng.below(event.limit + 5)
            for _ in 0..<n {
                var payload: [String: ReferenceValue] = [:]
                for f in event.fields where !rng.chance(8) {
                    payload[f.name] = f.name == "screen" ? .string(rng.pick(["home", "cart", "detail"])) : value(f.type)
                }
                state.donations[e].append(ReferenceDonation(time: instant(), payload: payload))
            }
            // Donations in time order, as a journal replays them (equal instants keep their
            // order), which spares the reference a sort per query; `ReferenceTests` covers
            // out-of-order donations.
            state.donations[e] = state.donations[e].enumerated()
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        return state
    }
}
