/// The state of one or more journals as a set of facts that merges like a CRDT: the model
/// behind `TipStore.merge(records:)` and `tipc journal merge` (Docs/sync.md).
///
/// Two devices (or two processes that wrote separate journals) each hold a journal. Read
/// each into a `JournalMerge`, ``merge(_:)`` them in any order, any number of times, and the
/// result is the same: merging is **commutative, associative and idempotent**, so a sync
/// layer may deliver records late, twice, or in any order. Per kind of fact:
///
/// - **Store reset**: the latest `resetStore` instant `R` wins; every parameter value,
///   donation and invalidation dated at or before `R` is gone, on every device.
/// - **Parameters**: last writer wins by instant; equal instants are broken by the value's
///   canonical order, so both devices pick the same one.
/// - **Donations**: a set keyed by (event, instant, payload). Both devices' donations count,
///   one donation synced twice counts once, and the set is kept whole: per-event limits
///   apply when rules read it (and at compaction), not at merge.
/// - **Display counters** (count, time, first and last presentation): the largest of each
///   (the earliest first presentation). Exact when devices sync between presentations;
///   presentations on two devices between two syncs count once. Counters whose latest
///   presentation is at or before `R` are not shown.
/// - **Invalidation wins**: every invalidation is kept; the latest `resetEligibility`
///   instant `E` of a tip wins; the tip is invalidated by its earliest invalidation dated
///   at or after `E` (a tie goes to the invalidation). A tip dismissed on one device stays
///   dismissed on the other.
///
/// - **Experiments**: per tip and experiment the earliest exposure wins (then the smaller
///   variant name), so both devices keep one variant; a store reset drops exposures dated at
///   or before it. The install identifier: the earliest recorded wins (then the smaller id),
///   and a store reset keeps it.
/// - **Snoozes**: every snooze is kept as invalidations are (a store reset drops those at
///   or before `R`, an eligibility reset those before `E`); the snooze in force joins the
///   rest: the latest `until` wins, with the largest count, so a tip snoozed on one device
///   stays snoozed on the other until the later of the two instants.
///
/// An open presentation (begun, not ended) counts, but it is open only in the journal of
/// the process showing it: the merged state has no open presentation. Records carry no
/// device id, so two identical donations at the same millisecond on two devices count once.
public struct JournalMerge: Sendable, Hashable {
    /// A donation as a set element.
    public struct Donation: Sendable, Hashable {
        public var event: String
        public var at: Int64
        public var payload: [String: JournalValue]
        public init(event: String, at: Int64, payload: [String: JournalValue]) {
            self.event = event
            self.at = at
            self.payload = payload
        }
    }

    /// One tip's display counters.
    public struct Counters: Sendable, Hashable {
        public var displayCount: Int64 = 0
        public var displayMs: Int64 = 0
        public var firstDisplayAt: Int64?
        public var lastDisplayAt: Int64?

        public init(displayCount: Int64 = 0, displayMs: Int64 = 0, firstDisplayAt: Int64? = nil, lastDisplayAt: Int64? = nil) {
            self.displayCount = displayCount
            self.displayMs = displayMs
            self.firstDisplayAt = firstDisplayAt
            self.lastDisplayAt = lastDisplayAt
        }

        init(_ s: TipState) {
            self.init(displayCount: s.displayCount, displayMs: s.displayMs, firstDisplayAt: s.firstDisplayAt,
                      lastDisplayAt: s.lastDisplayAt)
        }

        /// The join: largest count and time, earliest first and latest last presentation.
        func joined(_ o: Counters) -> Counters {
            Counters(displayCount: max(displayCount, o.displayCount), displayMs: max(displayMs, o.displayMs),
                     firstDisplayAt: JournalMerge.minOptional(firstDisplayAt, o.firstDisplayAt),
                     lastDisplayAt: JournalMerge.maxOptional(lastDisplayAt, o.lastDisplayAt))
        }

        var isEmpty: Bool { self == Counters() }
        /// The instant of the latest presentation these counters saw.
        var latest: Int64? { JournalMerge.maxOptional(lastDisplayAt, firstDisplayAt) }
    }

    /// The latest store reset.
    public private(set) var storeReset: Int64?
    /// Each parameter's winning value and instant.
    public private(set) var params: [String: JournalState.Param] = [:]
    public private(set) var donations: Set<Donation> = []
    /// Display counters by tip id (all of them, also those a store reset hides).
    public private(set) var counters: [String: Counters] = [:]
    /// Every invalidation still in force or able to come back into force, by tip id.
    public private(set) var invalidations: [String: Set<Invalidation>] = [:]
    /// The latest eligibility reset of each tip.
    public private(set) var eligibilityResets: [String: Int64] = [:]
    /// Every exposure per tip and experiment that no store reset has dropped: the earliest
    /// is in force (``exposure(of:)``). All are kept, as invalidations are, because a later
    /// reset may drop the earliest and leave the next one in force: keeping only the
    /// winner would make the result depend on the order of merges.
    public private(set) var exposures: [Exposure.Key: Set<Exposure>] = [:]
    /// The earliest recorded install identifier.
    public private(set) var install: InstallIdentity?
    /// Every snooze no reset has dropped, by tip id (``snooze(of:)`` is the one in force).
    public private(set) var snoozes: [String: Set<Snooze>] = [:]

    /// No facts: the identity of ``merge(_:)``.
    public init() {}

    /// The facts of one journal's records, in journal order (a device's own journal, or a
    /// journal that a merge wrote).
    public init(records: some Sequence<JournalRecord>) {
        var replay = JournalState()
        for record in records {
            replay.apply(record)
            switch record {
            case .param(let name, let value, let at):
                offer(name, JournalState.Param(value: value, at: at))
            case .donate(let event, let at, let payload):
                donations.insert(Donation(event: event, at: at, payload: payload))
            case .invalidate(let tip, let reason, let at):
                invalidations[tip, default: []].insert(Invalidation(reason: reason, at: at))
            case .resetEligibility(let tip, let at):
                eligibilityResets[tip] = JournalMerge.maxOptional(eligibilityResets[tip], at)
            case .resetStore(let at):
                storeReset = JournalMerge.maxOptional(storeReset, at)
            case .tipSnapshot(let tip, let state):
                // A snapshot's counters are facts even when a later reset hides them here:
                // merged journals write hidden counters before their reset record.
                joinCounters(tip, Counters(state))
                if let inv = state.invalidation { invalidations[tip, default: []].insert(inv) }
            case .displayBegan, .displayEnded:
                break
            case .install(let id, let at):
                install = InstallIdentity.earliest(install, InstallIdentity(id: id, at: at))
            case .exposure(let tip, let experiment, let variant, let at):
                offer(Exposure.Key(tip: tip, experiment: experiment), Exposure(variant: variant, at: at))
            case .snooze(let tip, let until, let count, let at):
                snoozes[tip, default: []].insert(Snooze(until: until, count: count, at: at))
            }
        }
        // Presentations pair up only in journal order, so their counters come from replay.
        for (tip, state) in replay.tips { joinCounters(tip, Counters(state)) }
        normalize()
    }

    /// Adds the facts of one journal's records, in journal order, as they are read: the
    /// same as `merge(JournalMerge(records: records))`, without holding a second set of
    /// facts (`tipc journal merge` folds each input's file straight in, so memory is the
    /// merged facts whatever the inputs' sizes). Only the tips' presentations need a
    /// replay, since they pair up in journal order; parameters and donations go straight in.
    public mutating func merge(records: some Sequence<JournalRecord>) {
        var replay = JournalState()
        for record in records {
            switch record {
            case .param(let name, let value, let at):
                offer(name, JournalState.Param(value: value, at: at))
            case .donate(let event, let at, let payload):
                donations.insert(Donation(event: event, at: at, payload: payload))
            case .invalidate(let tip, let reason, let at):
                replay.apply(record)
                invalidations[tip, default: []].insert(Invalidation(reason: reason, at: at))
            case .resetEligibility(let tip, let at):
                replay.apply(record)
                eligibilityResets[tip] = JournalMerge.maxOptional(eligibilityResets[tip], at)
            case .resetStore(let at):
                replay.apply(record)
                storeReset = JournalMerge.maxOptional(storeReset, at)
            case .tipSnapshot(let tip, let state):
                replay.apply(record)
                joinCounters(tip, Counters(state))
                if let inv = state.invalidation { invalidations[tip, default: []].insert(inv) }
            case .displayBegan, .displayEnded:
                replay.apply(record)
            case .install(let id, let at):
                install = InstallIdentity.earliest(install, InstallIdentity(id: id, at: at))
            case .exposure(let tip, let experiment, let variant, let at):
                offer(Exposure.Key(tip: tip, experiment: experiment), Exposure(variant: variant, at: at))
            case .snooze(let tip, let until, let count, let at):
                snoozes[tip, default: []].insert(Snooze(until: until, count: count, at: at))
            }
        }
        for (tip, state) in replay.tips { joinCounters(tip, Counters(state)) }
        normalize()
    }

    /// The facts of both: commutative, associative and idempotent.
    public func merging(_ other: JournalMerge) -> JournalMerge {
        var m = self
        m.merge(other)
        return m
    }

    /// Adds `other`'s facts.
    public mutating func merge(_ other: JournalMerge) {
        storeReset = JournalMerge.maxOptional(storeReset, other.storeReset)
        for (name, p) in other.params { offer(name, p) }
        donations.formUnion(other.donations)
        for (tip, c) in other.counters { joinCounters(tip, c) }
        for (tip, set) in other.invalidations { invalidations[tip, default: []].formUnion(set) }
        for (tip, at) in other.eligibilityResets { eligibilityResets[tip] = JournalMerge.maxOptional(eligibilityResets[tip], at) }
        for (key, set) in other.exposures { exposures[key, default: []].formUnion(set) }
        if let i = other.install { install = InstallIdentity.earliest(install, i) }
        for (tip, set) in other.snoozes { snoozes[tip, default: []].formUnion(set) }
        normalize()
    }

    /// Keeps the winner: the later instant, then the larger canonical value.
    private mutating func offer(_ name: String, _ p: JournalState.Param) {
        if let old = params[name], (old.at, old.value.mergeKey) >= (p.at, p.value.mergeKey) { return }
        params[name] = p
    }

    private mutating func offer(_ key: Exposure.Key, _ e: Exposure) {
        exposures[key, default: []].insert(e)
    }

    /// The exposure in force for an experiment: the earliest, then the smaller variant name.
    public func exposure(of key: Exposure.Key) -> Exposure? {
        exposures[key]?.reduce(nil) { Exposure.earliest($0, $1) }
    }

    /// The exposure in force for each experiment.
    var winningExposures: [Exposure.Key: Exposure] {
        var out: [Exposure.Key: Exposure] = [:]
        for key in exposures.keys { out[key] = exposure(of: key) }
        return out
    }

    private mutating func joinCounters(_ tip: String, _ c: Counters) {
        guard !c.isEmpty else { return }
        counters[tip] = counters[tip].map { $0.joined(c) } ?? c
    }

    /// Drops what a reset has made irrelevant for good. Thresholds only grow under merge,
    /// so dropping early gives the same result as dropping at the end (associativity).
    private mutating func normalize() {
        if let r = storeReset {
            params = params.filter { $0.value.at > r }
            donations = donations.filter { $0.at > r }
            eligibilityResets = eligibilityResets.filter { $0.value > r }
            exposures = exposures.mapValues { $0.filter { $0.at > r } }.filter { !$0.value.isEmpty }
        }
        var kept: [String: Set<Invalidation>] = [:]
        for (tip, set) in invalidations {
            let floor = eligibilityResets[tip]
            let alive = set.filter { inv in
                (storeReset.map { inv.at > $0 } ?? true) && (floor.map { inv.at >= $0 } ?? true)
            }
            if !alive.isEmpty { kept[tip] = alive }
        }
        invalidations = kept
        var snoozed: [String: Set<Snooze>] = [:]
        for (tip, set) in snoozes {
            let floor = eligibilityResets[tip]
            let alive = set.filter { s in
                (storeReset.map { s.at > $0 } ?? true) && (floor.map { s.at >= $0 } ?? true)
            }
            if !alive.isEmpty { snoozed[tip] = alive }
        }
        snoozes = snoozed
    }

    /// The snooze in force for `tip`: the join of those kept (latest `until`, largest count).
    public func snooze(of tip: String) -> Snooze? {
        snoozes[tip]?.reduce(nil) { Snooze.join($0, $1) }
    }

    /// The snooze in force for each tip.
    var winningSnoozes: [String: Snooze] {
        var out: [String: Snooze] = [:]
        for tip in snoozes.keys { out[tip] = snooze(of: tip) }
        return out
    }

    // MARK: - The merged state

    /// The invalidation in force for `tip`: the earliest by instant, then reason.
    public func invalidation(of tip: String) -> Invalidation? {
        invalidations[tip]?.min { ($0.at, $0.reason) < ($1.at, $1.reason) }
    }

    /// The counters in force for `tip` (nil when a store reset hides them).
    func visibleCounters(_ tip: String) -> Counters? {
        guard let c = counters[tip] else { return nil }
        if let r = storeReset, (c.latest ?? Int64.min) <= r { return nil }
        return c
    }

    /// The state the merged facts add up to (what replaying ``records`` gives).
    public var state: JournalState { JournalState(records: records) }

    /// The facts as journal records, in a canonical order, so that replaying them gives the
    /// merged state and reading them back gives the same facts:
    /// counters hidden by the store reset, `resetStore`, parameters by name, donations by
    /// event, instant and payload, then per tip (by id) its eligibility reset, its counters
    /// (`tip` snapshot) and its invalidations, earliest first.
    public var records: [JournalRecord] {
        var out: [JournalRecord] = []
        let tips = Set(counters.keys).union(invalidations.keys).union(eligibilityResets.keys).sorted(by: utf8Less)
        if let r = storeReset {
            for tip in tips {
                if let c = counters[tip], visibleCounters(tip) == nil {
                    out.append(.tipSnapshot(tip: tip, state: TipState(displayCount: c.displayCount, displayMs: c.displayMs,
                                                                      firstDisplayAt: c.firstDisplayAt, lastDisplayAt: c.lastDisplayAt)))
                }
            }
            out.append(.resetStore(at: r))
        }
        if let i = install { out.append(.install(id: i.id, at: i.at)) }
        for name in params.keys.sorted(by: utf8Less) {
            if let p = params[name] { out.append(.param(name: name, value: p.value, at: p.at)) }
        }
        let sorted = donations.sorted { a, b in
            if a.event != b.event { return utf8Less(a.event, b.event) }
            if a.at != b.at { return a.at < b.at }
            return a.payload.mergeKey < b.payload.mergeKey
        }
        for d in sorted { out.append(.donate(event: d.event, at: d.at, payload: d.payload)) }
        for tip in tips {
            if let e = eligibilityResets[tip] { out.append(.resetEligibility(tip: tip, at: e)) }
            if let c = visibleCounters(tip) {
                out.append(.tipSnapshot(tip: tip, state: TipState(displayCount: c.displayCount, displayMs: c.displayMs,
                                                                  firstDisplayAt: c.firstDisplayAt, lastDisplayAt: c.lastDisplayAt)))
            }
            let list = (invalidations[tip] ?? []).sorted { ($0.at, $0.reason) < ($1.at, $1.reason) }
            for inv in list { out.append(.invalidate(tip: tip, reason: inv.reason, at: inv.at)) }
        }
        out += Exposure.records(exposures)
        out += Snooze.records(winningSnoozes)
        return out
    }

    static func maxOptional(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    static func minOptional(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}
