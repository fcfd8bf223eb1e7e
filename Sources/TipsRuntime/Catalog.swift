import TipsBytecode
import TipsJournal

/// Name lookups and derived facts of one verified bundle, computed once at open.
struct Catalog: Sendable {
    let verified: VerifiedBundle
    let tipIndex: [String: Int]
    let paramIndex: [String: Int]
    let eventIndex: [String: Int]
    let groupIndex: [String: Int]
    /// The group each tip belongs to, if any.
    let groupOfTip: [Int: Int]
    /// What time-dependent values each tip's rules read (for wake-up scheduling).
    let footprints: [TipFootprint]
    /// Which tips read which events and parameters (for re-evaluating only those).
    let dependencies: DependencyIndex
    /// Ids of the tips without arguments (the declared name, or the `id` override).
    let plainTipIDs: [String: Int]
    /// The same ids by tip index (nil for a reusable tip), so resolving a plain tip on
    /// every status call doesn't rebuild its id from the template.
    private let plainIDByTip: [String?]
    /// The name each parameter's values are stored under in the journal (its key, else its
    /// name), by index, and the parameter index of each stored name.
    let paramKeys: [String]
    let paramKeyIndex: [String: Int]
    /// The same for events' donations.
    let eventKeys: [String]
    let eventKeyIndex: [String: Int]
    /// The tips whose image is from the asset catalog.
    let assetImageTips: Set<Int>
    /// Each tip's experiment, as an index into the bundle's experiments.
    let experimentOfTip: [Int: Int]
    /// Each tip's chosen content, as an index into the bundle's `contents`.
    let contentOfTip: [Int: Int]
    /// Each tip's goal, as an index into the bundle's goals.
    let goalOfTip: [Int: Int]
    /// For each event, the goals on it (indices into the bundle's goals, in tip order).
    let goalsOfEvent: [[Int]]
    /// Display budgets, priorities, exemptions and `together` groups.
    let budgets: BudgetRules
    /// Each tip's `resetEligibility after` interval in ms (by tip index), for the tips that
    /// declare one.
    let renewalOfTip: [Int: Int64]

    init(_ verified: VerifiedBundle) {
        self.verified = verified
        let b = verified.bundle
        func index(_ names: [UInt32]) -> [String: Int] {
            var out: [String: Int] = [:]
            for (i, n) in names.enumerated() { out[b.strings[Int(n)]] = i }
            return out
        }
        tipIndex = index(b.tips.map(\.name))
        paramIndex = index(b.params.map(\.name))
        eventIndex = index(b.events.map(\.name))
        groupIndex = index(b.groups.map(\.name))
        var groupOf: [Int: Int] = [:]
        for (g, group) in b.groups.enumerated() { for m in group.members { groupOf[Int(m)] = g } }
        groupOfTip = groupOf
        var experimentOf: [Int: Int] = [:]
        for (x, experiment) in b.experiments.enumerated() { experimentOf[Int(experiment.tip)] = x }
        experimentOfTip = experimentOf
        contentOfTip = Dictionary(b.contents.enumerated().map { (Int($1.tip), $0) }, uniquingKeysWith: { a, _ in a })
        budgets = BudgetRules(b)
        renewalOfTip = Dictionary(b.renewals.map { (Int($0.tip), $0.after) }, uniquingKeysWith: { a, _ in a })
        footprints = b.tips.enumerated().map { t, tip in
            let variantRules = experimentOf[t].map { b.experiments[$0].variants.flatMap(\.rules) } ?? []
            return TipFootprint(rules: (tip.rules + variantRules).map(Int.init), bundle: b)
        }
        dependencies = DependencyIndex(b)
        var plainIDs: [String: Int] = [:]
        var byTip = [String?](repeating: nil, count: b.tips.count)
        for (i, t) in b.tips.enumerated() where t.arguments.isEmpty {
            let id = t.id.parts.map { part -> String in
                if case .literal(let s) = part { return b.strings[Int(s)] }
                return ""
            }.joined()
            plainIDs[id] = i
            byTip[i] = id
        }
        plainTipIDs = plainIDs
        plainIDByTip = byTip
        var pKeys = b.params.map { b.strings[Int($0.name)] }
        var eKeys = b.events.map { b.strings[Int($0.name)] }
        for k in b.keys {
            switch k.kind {
            case .param: pKeys[Int(k.index)] = b.strings[Int(k.key)]
            case .event: eKeys[Int(k.index)] = b.strings[Int(k.key)]
            }
        }
        paramKeys = pKeys
        eventKeys = eKeys
        paramKeyIndex = Dictionary(pKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        eventKeyIndex = Dictionary(eKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        assetImageTips = Set(b.assetImages.map(Int.init))
        var goalOf: [Int: Int] = [:]
        var goalsOf = [[Int]](repeating: [], count: b.events.count)
        for (g, goal) in b.goals.enumerated() {
            goalOf[Int(goal.tip)] = g
            goalsOf[Int(goal.event)].append(g)
        }
        goalOfTip = goalOf
        goalsOfEvent = goalsOf
    }

    var bundle: TipsBundle { verified.bundle }

    /// The id of tip `i` when it is plain (no arguments); nil for a reusable tip.
    func plainID(ofTip i: Int) -> String? { plainIDByTip[i] }

    /// Text of string-table entry `i` (verified in range; "" for `noIndex`).
    func string(_ i: UInt32) -> String {
        Int(i) < bundle.strings.count ? bundle.strings[Int(i)] : ""
    }

    func tipName(_ i: Int) -> String { string(bundle.tips[i].name) }
    func paramName(_ i: Int) -> String { string(bundle.params[i].name) }
    func eventName(_ i: Int) -> String { string(bundle.events[i].name) }
    func groupName(_ i: Int) -> String { string(bundle.groups[i].name) }
    /// What parameter `i`'s values and event `i`'s donations are stored under in the journal.
    func paramKey(_ i: Int) -> String { paramKeys[i] }
    func eventKey(_ i: Int) -> String { eventKeys[i] }

    /// The case names of enum `index`.
    func cases(ofEnum index: UInt16) -> [String] {
        guard Int(index) < bundle.enums.count else { return [] }
        return bundle.enums[Int(index)].cases.map { string($0) }
    }

    /// A type as the language writes it (`Plan?`, `Set<String>`).
    func typeName(_ t: ValueType) -> String { bundle.typeName(t) }

    /// True when tip `i` is reusable (declares arguments).
    func isReusable(_ i: Int) -> Bool { !bundle.tips[i].arguments.isEmpty }

    /// The journal's compaction policy for these definitions: each known event keeps its
    /// effective limit and maxAge (at least its goals' windows); events the bundle doesn't know keep everything.
    var compactionPolicy: CompactionPolicy {
        var limits: [String: (Int, Int64?)] = [:]
        for (i, e) in bundle.events.enumerated() { limits[eventKey(i)] = (Int(e.limit), e.maxAge) }
        // A goal's event keeps its donations for at least the goal's window, so a conversion
        // is still known after compaction for as long as a later donation could be in the window.
        for goal in bundle.goals {
            let key = eventKey(Int(goal.event))
            if let l = limits[key], let age = l.1, age < goal.window { limits[key] = (l.0, goal.window) }
        }
        let frozen = limits.mapValues { LimitPair(count: $0.0, maxAge: $0.1) }
        return CompactionPolicy { event in
            guard let l = frozen[event] else { return nil }
            return .init(maxCount: l.count, maxAgeMs: l.maxAge)
        }
    }
}

/// A donation limit, Sendable for capture in the compaction policy.
struct LimitPair: Sendable {
    var count: Int
    var maxAge: Int64?
}
