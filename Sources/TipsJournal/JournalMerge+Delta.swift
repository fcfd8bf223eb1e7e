extension JournalMerge {
    /// The records to append to a journal whose facts are `self` and whose replayed state
    /// is `current`, so that it reaches `target` (normally `self.merging(other)`): what a
    /// store appends when another device's records arrive. Appending them makes the
    /// journal's facts merge to `target` again, so a second delivery appends nothing.
    ///
    /// A newer store reset in `target` rewrites everything (its ``records``, starting with
    /// the reset). Otherwise: parameters whose value differs, donations `current` lacks, and
    /// for each tip whose counters or invalidation differ its eligibility reset (when newer)
    /// and a `tip` snapshot of the target state. A tip presented right now keeps its open
    /// presentation; only the counters and invalidation come from the merge.
    public func records(toReach target: JournalMerge, from current: JournalState) -> [JournalRecord] {
        if target.storeReset != storeReset { return target.records }
        var out: [JournalRecord] = []
        if let i = target.install, current.install != i { out.append(.install(id: i.id, at: i.at)) }
        for name in target.params.keys.sorted(by: utf8Less) {
            guard let p = target.params[name], current.params[name] != p else { continue }
            out.append(.param(name: name, value: p.value, at: p.at))
        }
        var have: Set<Donation> = []
        for (event, list) in current.donations {
            for d in list { have.insert(Donation(event: event, at: d.at, payload: d.payload)) }
        }
        let missing = target.donations.subtracting(have).sorted { a, b in
            if a.event != b.event { return utf8Less(a.event, b.event) }
            if a.at != b.at { return a.at < b.at }
            return a.payload.mergeKey < b.payload.mergeKey
        }
        for d in missing { out.append(.donate(event: d.event, at: d.at, payload: d.payload)) }
        let tips = Set(target.counters.keys).union(target.invalidations.keys).union(target.eligibilityResets.keys)
            .union(current.tips.keys).sorted(by: utf8Less)
        var reset: Set<String> = []
        for tip in tips {
            let now = current.tips[tip] ?? TipState()
            let c = target.visibleCounters(tip) ?? Counters()
            var want = TipState(displayCount: c.displayCount, displayMs: c.displayMs, firstDisplayAt: c.firstDisplayAt,
                                lastDisplayAt: c.lastDisplayAt, openSince: now.openSince,
                                invalidation: target.invalidation(of: tip))
            // Counters never go down here: an open presentation this journal counted is
            // not a fact of the merge, but it still happened.
            want.displayCount = max(want.displayCount, now.displayCount)
            want.displayMs = max(want.displayMs, now.displayMs)
            want.firstDisplayAt = JournalMerge.minOptional(want.firstDisplayAt, now.firstDisplayAt)
            want.lastDisplayAt = JournalMerge.maxOptional(want.lastDisplayAt, now.lastDisplayAt)
            let newReset = target.eligibilityResets[tip].flatMap { $0 != eligibilityResets[tip] ? $0 : nil }
            guard want != now || newReset != nil else { continue }
            if let e = newReset {
                out.append(.resetEligibility(tip: tip, at: e))
                reset.insert(tip)
            }
            out.append(.tipSnapshot(tip: tip, state: want))
        }
        // Exposures join by the earliest, so appending the target's winner where this journal
        // has another (a later one) or none makes it the winner here too.
        out += Exposure.records(target.winningExposures.filter { current.exposures[$0.key] != $0.value })
        // Snoozes join too: appending the target's joined snooze where this journal's differs reaches it.
        out += Snooze.records(target.winningSnoozes.filter { reset.contains($0.key) || current.snoozes[$0.key] != $0.value })
        return out
    }
}
