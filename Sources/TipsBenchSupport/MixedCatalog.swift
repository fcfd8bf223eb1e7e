import TipsCheck
import TipsReference

/// The source and states of a generated catalog with mixed rules, shaped like the real
/// catalogs under Definitions/ but larger.
enum MixedCatalog {
    static let header = """
        config {
            displayFrequency daily
        }

        enum Plan { free, plus, pro }

        param hasSeenList: Bool = false
        param launches: Int = 0
        param score: Double = 0.0
        param plan: Plan = .free
        param userName: String = ""
        param tags: Set<String> = []
        param installDate: Date = date("2026-01-01T00:00:00Z")
        param lastPromo: Date?

        event appOpen
        event manualSave limit 500
        event share maxAge 14d
        event buy(price: Double, qty: Int, kind: Plan, item: String, gift: Bool)
        event view(screen: String, seconds: Int) limit 300
        event search(query: String)

        """

    static let items = ["pen", "book", "bag", "box", "lamp"]
    static let screens = ["home", "detail", "cart", "settings"]

    /// The catalog text: the header and `tips` tips, every fifth pair grouped.
    static func source(tips: Int, seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        var out = header
        for t in 0..<tips {
            out += "tip Tip\(t) {\n    title \"Tip number \(t)\"\n"
            for _ in 0..<(1 + rng.below(3)) { out += "    rule \(rule(&rng))\n" }
            if rng.chance(30) { out += "    maxDisplayCount \(1 + rng.below(5))\n" }
            if rng.chance(20) { out += "    invalidate when manualSave\n" }
            out += "}\n"
        }
        for g in stride(from: 0, to: tips - 1, by: 10) {
            out += "group Group\(g) { Tip\(g), Tip\(g + 1) }\n"
        }
        return out
    }

    static func rule(_ rng: inout SeededGenerator) -> String {
        let n = 1 + rng.below(9)
        let event = rng.pick(["appOpen", "manualSave", "share"])
        let window = rng.pick(["1h", "1d", "7d", "30d"])
        switch rng.below(12) {
        case 0: return "hasSeenList == true && count(\(event) within \(window)) >= \(n)"
        case 1: return "launches >= \(n * 3)"
        case 2: return "count(\(event)) >= \(n)"
        case 3: return "count(buy where price > \(n).5 && kind == .pro within \(window)) >= \(1 + n / 3)"
        case 4: return "largestGroup(buy by item within 30d) >= \(n)"
        case 5: return "now - (last(\(event)) ?? installDate) > \(n)d"
        case 6: return "plan != .free && score > \(n).25"
        case 7: return "tags.contains(\"\(rng.pick(items))\") || userName.hasPrefix(\"a\")"
        case 8: return "min(launches, 10) * 2 > count(view where seconds >= \(n * 5) within 1d)"
        case 9: return "lastPromo == nil || now - (lastPromo ?? now) >= 7d"
        case 10: return "count(search where query == \"\(rng.pick(items))\") < \(n)"
        default: return "smallestGroup(view by screen within 7d) > \(n / 2) && !hasSeenList"
        }
    }

    /// A state with random parameter values and donations over the last 30 days.
    static func state(for evaluator: ReferenceEvaluator, donationsPerEvent: Int, seed: UInt64) -> ReferenceState {
        var rng = SeededGenerator(seed: seed)
        let now = BenchSupport.now
        var state = evaluator.initialState(now: now)
        let model = evaluator.model
        func param(_ name: String) -> Int? { model.parameters.firstIndex { $0.name == name } }
        if let i = param("hasSeenList") { state.parameters[i] = .bool(rng.chance(60)) }
        if let i = param("launches") { state.parameters[i] = .int(Int64(rng.below(40))) }
        if let i = param("score") { state.parameters[i] = .double(Double(rng.below(100)) / 10) }
        if let i = param("plan") { state.parameters[i] = .enumCase(rng.below(3)) }
        if let i = param("userName") { state.parameters[i] = .string(rng.pick(["ann", "bob", "al"])) }
        if let i = param("tags") { state.parameters[i] = .stringSet(items.filter { _ in rng.chance(40) }) }
        if let i = param("lastPromo") { state.parameters[i] = rng.chance(50) ? .none : .date(now - Int64(rng.below(20)) * 86_400_000) }
        for (e, event) in model.events.enumerated() {
            var donations: [ReferenceDonation] = []
            for _ in 0..<rng.below(donationsPerEvent + 1) {
                let time = now - Int64(rng.below(30 * 86_400)) * 1000
                var payload: [String: ReferenceValue] = [:]
                for f in event.fields {
                    switch f.type {
                    case .double: payload[f.name] = .double(Double(rng.below(200)) / 10)
                    case .int: payload[f.name] = .int(Int64(rng.below(60)))
                    case .bool: payload[f.name] = .bool(rng.chance(50))
                    case .enumeration: payload[f.name] = .enumCase(rng.below(3))
                    default: payload[f.name] = .string(rng.pick(f.name == "screen" ? screens : items))
                    }
                }
                donations.append(ReferenceDonation(time: time, payload: payload))
            }
            state.donations[e] = donations
        }
        return state
    }
}
