import TipsJournal

extension TipStore {
    /// Applies `records`, one journal group, as if this process had just made them, at the
    /// clock's current instant: each goes through the same `apply` a live call's records do,
    /// so a registered sink receives the effectiveness events they make (presentations,
    /// endings, invalidations, conversions) and the status changes they cause (eligible,
    /// held back). For tools that rebuild a device's events from its journal (`tipc report
    /// --defs`, `tipc events export`, Docs/report.md): opening a journal emits nothing, so
    /// they replay its records into an in-memory store on a `ManualClock` moved to each
    /// group's instant. Package-only: an app's records come from its own calls.
    ///
    /// A presentation's end dated the instant it began is what an open writes for the
    /// presentation a previous run left on screen (Docs/journal.md), so it is reported as
    /// `appClosed`, as that open's first sink heard it. What a journal does not hold cannot
    /// come back: an action's id (an end by an action reads `invalidated`, reason
    /// `actionPerformed`), and the `appClosed` of an end that `close()` wrote (`dismissed`
    /// or `retracted`, by the state).
    ///
    /// `merged`: the group is facts merged in from another device (a sync's group, dated
    /// before what the journal already holds) or a compaction's summaries. The live store
    /// emits nothing for those (Docs/events.md: they belong to the other device's sink), so
    /// they are applied without events and the statuses they leave are the new baseline.
    package func replay(_ records: [JournalRecord], merged: Bool = false) throws(TipStoreError) {
        let deliveries = self.deliveries
        try withEngine { e throws(TipStoreError) in
            // Followed through the group: a crash right after a begin leaves the begin and
            // the next open's end at one instant, in one group.
            var openSince: [String: Int64?] = [:]
            var leftOpen: [String] = []
            for r in records {
                switch r {
                case .displayBegan(let id, let at):
                    if (openSince[id] ?? e.state.tips[id]?.openSince) == nil { openSince[id] = at }
                case .displayEnded(let id, let at):
                    if (openSince[id] ?? e.state.tips[id]?.openSince) == at { leftOpen.append(id) }
                    openSince[id] = .some(nil)
                default: break
                }
            }
            if merged, leftOpen.isEmpty {
                let recorder = e.events
                e.events = nil
                do throws(TipStoreError) { try e.commit(records) } catch { e.events = recorder; throw error }
                e.notify(deliveries: deliveries)
                e.events = recorder
                return
            }
            guard !leftOpen.isEmpty else { return try e.commit(records) }
            e.hintEnding(leftOpen, .appClosed)
            defer { e.events?.endingHint = [:] }
            // The limit such an end reaches was written before any sink existed: the live
            // store never reported it (Docs/events.md, Limits), so neither does the replay.
            for r in records {
                if case .invalidate(let id, _, _) = r, leftOpen.contains(id) {
                    let recorder = e.events
                    e.events = nil
                    do throws(TipStoreError) { try e.commit([r]) } catch { e.events = recorder; throw error }
                    e.events = recorder
                } else {
                    try e.commit([r])
                }
            }
        }
    }
}
