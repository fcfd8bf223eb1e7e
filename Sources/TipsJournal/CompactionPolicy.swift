/// How many donations of one event compaction keeps.
public struct DonationLimit: Sendable, Hashable {
    /// Keep at most the most recent `maxCount` donations (nil: no count limit).
    public var maxCount: Int?
    /// Drop donations older than `now - maxAgeMs` (nil: no age limit).
    public var maxAgeMs: Int64?

    public init(maxCount: Int? = nil, maxAgeMs: Int64? = nil) {
        self.maxCount = maxCount
        self.maxAgeMs = maxAgeMs
    }
}

/// What compaction may drop. The journal drops nothing on its own: limits come from the
/// caller (the runtime knows the definitions' per-event limits; the journal doesn't).
public struct CompactionPolicy: Sendable {
    /// The limit for an event's donations, or nil to keep all of them.
    public var keepDonations: @Sendable (_ event: String) -> DonationLimit?
    /// Whether to keep parameter `name`'s value (the runtime drops transient parameters,
    /// whose values older versions wrote and nothing reads back).
    public var keepParameter: @Sendable (_ name: String) -> Bool

    public init(keepDonations: @escaping @Sendable (_ event: String) -> DonationLimit?,
                keepParameter: @escaping @Sendable (_ name: String) -> Bool = { _ in true }) {
        self.keepDonations = keepDonations
        self.keepParameter = keepParameter
    }

    /// Keeps every donation: compaction then changes no state at all.
    public static let keepAll = CompactionPolicy { _ in nil }

    /// The records that rebuild `state` (less what the policy drops), in a deterministic
    /// order: the last store reset (if any), params by name, then donations by event and
    /// time, then tips by id.
    public func snapshotRecords(of state: JournalState, now: Int64) -> [JournalRecord] {
        var out: [JournalRecord] = []
        if let reset = state.storeResetAt { out.append(.resetStore(at: reset)) }
        if let install = state.install { out.append(.install(id: install.id, at: install.at)) }
        let byBytes: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in state.params.keys.sorted(by: byBytes) {
            guard let p = state.params[name], keepParameter(name) else { continue }
            out.append(.param(name: name, value: p.value, at: p.at))
        }
        for event in state.donations.keys.sorted(by: byBytes) {
            guard var list = state.donations[event] else { continue }
            if let limit = keepDonations(event) {
                if let maxAge = limit.maxAgeMs {
                    let (cutoff, overflow) = now.subtractingReportingOverflow(maxAge)
                    if !overflow { list.removeAll { $0.at < cutoff } }
                }
                if let maxCount = limit.maxCount, list.count > max(0, maxCount) {
                    list.removeFirst(list.count - max(0, maxCount))
                }
            }
            for d in list { out.append(.donate(event: event, at: d.at, payload: d.payload)) }
        }
        for tip in state.tips.keys.sorted(by: byBytes) {
            guard let t = state.tips[tip], !t.isEmpty else { continue }
            out.append(.tipSnapshot(tip: tip, state: t))
        }
        out += Exposure.records(state.exposures)
        out += Snooze.records(state.snoozes)
        return out
    }
}
