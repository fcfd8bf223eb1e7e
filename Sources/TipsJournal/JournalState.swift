/// The state a journal's records add up to: what the runtime evaluates rules against.
///
/// A pure reducer: `apply` folds one record in. Records for any name or id are kept, known
/// to the current definitions or not. Replaying a compacted journal gives an equal state.
public struct JournalState: Sendable, Hashable {
    /// A parameter's latest value and when it was set.
    public struct Param: Sendable, Hashable {
        public var value: JournalValue
        public var at: Int64
        public init(value: JournalValue, at: Int64) {
            self.value = value
            self.at = at
        }
    }

    /// One donation of an event.
    public struct Donation: Sendable, Hashable {
        public var at: Int64
        public var payload: [String: JournalValue]
        public init(at: Int64, payload: [String: JournalValue]) {
            self.at = at
            self.payload = payload
        }
    }

    /// A checksummed record of a kind this build doesn't know (a newer version wrote it),
    /// kept as written so that compaction carries it forward instead of dropping it.
    public struct UnknownRecord: Sendable, Hashable {
        /// The line's `t` member.
        public var kind: String
        /// The line's bytes after `{"seq":N,` and before `,"crc":…`: re-sequenced and
        /// re-checksummed when compaction writes it again.
        public var body: [UInt8]
    }

    /// Parameters by name.
    public var params: [String: Param] = [:]
    /// Donations by event name, sorted by time; equal times keep journal order.
    public var donations: [String: [Donation]] = [:]
    /// Display and invalidation state by tip id. Tips with nothing recorded are absent.
    public var tips: [String: TipState] = [:]
    /// Records of unknown kinds since the last `resetStore`, in journal order.
    public var unknownRecords: [UnknownRecord] = []
    /// Experiments' exposures: the earliest per tip and experiment (`resetStore` forgets them).
    public var exposures: [Exposure.Key: Exposure] = [:]
    /// Snoozed tips by id: the join of their snoozes since the last eligibility or store
    /// reset. A snooze whose `until` has passed stays, since its count still limits the next.
    public var snoozes: [String: Snooze] = [:]
    /// The install's recorded identifier, if one was generated: the earliest recorded.
    /// `resetStore` keeps it (the install is the same one, and so is its assignment).
    public var install: InstallIdentity?
    /// The instant of the last `resetStore` applied, if any: compaction writes it first, so
    /// a reset is still a fact after it (a merge keeps dropping what came before it) and
    /// the snapshot of an emptied state still holds a record and its sequence number.
    public var storeResetAt: Int64?

    public init() {}

    /// The state after `records`, in order.
    public init(records: some Sequence<JournalRecord>) {
        var unsorted = Set<String>()
        for r in records { applyDeferringSort(r, unsorted: &unsorted) }
        finishDeferredSorts(unsorted)
    }

    /// This state with `records` applied after it.
    public func applying(_ records: some Sequence<JournalRecord>) -> JournalState {
        var s = self
        var unsorted = Set<String>()
        for r in records { s.applyDeferringSort(r, unsorted: &unsorted) }
        s.finishDeferredSorts(unsorted)
        return s
    }

    /// `apply` for many records at once: a donation earlier than the event's last one is
    /// appended and its event noted in `unsorted`, to be put in order once by
    /// `finishDeferredSorts`. Inserting each in place costs a shift of the whole list, so a
    /// journal written in falling time order would replay in quadratic time.
    mutating func applyDeferringSort(_ record: JournalRecord, unsorted: inout Set<String>) {
        switch record {
        case .donate(let event, let at, let payload):
            if let last = donations[event]?.last, last.at > at { unsorted.insert(event) }
            donations[event, default: []].append(Donation(at: at, payload: payload))
        case .resetStore:
            unsorted.removeAll()
            apply(record)
        default:
            apply(record)
        }
    }

    /// Sorts the donations of `unsorted` events by time, equal times in the order applied:
    /// the order `apply` would have built one insertion at a time.
    mutating func finishDeferredSorts(_ unsorted: Set<String>) {
        for event in unsorted {
            guard let list = donations[event] else { continue }
            donations[event] = list.enumerated()
                .sorted { $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset }
                .map(\.element)
        }
    }

    /// Folds one record into the state.
    public mutating func apply(_ record: JournalRecord) {
        switch record {
        case .param(let name, let value, let at):
            params[name] = Param(value: value, at: at)
        case .donate(let event, let at, let payload):
            donations[event, default: []].insertSorted(Donation(at: at, payload: payload))
        case .displayBegan(let tip, let at):
            var t = tips[tip] ?? TipState()
            // A begin while a presentation is open is the same presentation (re-render).
            if t.openSince == nil {
                t.displayCount &+= 1
                t.openSince = at
                if t.firstDisplayAt == nil { t.firstDisplayAt = at }
                t.lastDisplayAt = at
            }
            tips[tip] = t
        case .displayEnded(let tip, let at):
            guard var t = tips[tip], let since = t.openSince else { return }
            let (elapsed, overflow) = at.subtractingReportingOverflow(since)
            // A clock that went backwards adds nothing; overflow saturates.
            let add = overflow ? (at > since ? Int64.max : 0) : max(0, elapsed)
            let (sum, o2) = t.displayMs.addingReportingOverflow(add)
            t.displayMs = o2 ? Int64.max : sum
            t.openSince = nil
            tips[tip] = t
        case .invalidate(let tip, let reason, let at):
            var t = tips[tip] ?? TipState()
            // Invalidation is permanent until reset; the first reason is the one kept.
            if t.invalidation == nil { t.invalidation = Invalidation(reason: reason, at: at) }
            tips[tip] = t
        case .resetEligibility(let tip, _):
            // Back to rule evaluation: the snooze and its count are forgotten too.
            snoozes[tip] = nil
            guard var t = tips[tip] else { return }
            t.invalidation = nil
            tips[tip] = t.isEmpty ? nil : t
        case .resetStore(let at):
            let install = self.install
            self = JournalState()
            storeResetAt = at
            self.install = install
        case .tipSnapshot(let tip, let s):
            tips[tip] = s.isEmpty ? nil : s
        case .install(let id, let at):
            install = InstallIdentity.earliest(install, InstallIdentity(id: id, at: at))
        case .exposure(let tip, let experiment, let variant, let at):
            let key = Exposure.Key(tip: tip, experiment: experiment)
            exposures[key] = Exposure.earliest(exposures[key], Exposure(variant: variant, at: at))
        case .snooze(let tip, let until, let count, let at):
            snoozes[tip] = Snooze.join(snoozes[tip], Snooze(until: until, count: count, at: at))
        }
    }

    /// The latest instant at which any tip's first presentation began: the start of the
    /// app-wide display-frequency cooldown.
    public var latestFirstDisplayAt: Int64? {
        tips.values.compactMap(\.firstDisplayAt).max()
    }
}

extension Array where Element == JournalState.Donation {
    /// Inserts after every donation at or before its instant: appending is the usual case.
    mutating func insertSorted(_ d: JournalState.Donation) {
        guard let last, last.at > d.at else {
            append(d)
            return
        }
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid].at <= d.at { lo = mid + 1 } else { hi = mid }
        }
        insert(d, at: lo)
    }
}
