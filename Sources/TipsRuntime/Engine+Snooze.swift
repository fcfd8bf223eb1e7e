import TipsBytecode
import TipsJournal

extension Engine {
    /// The end of `r`'s snooze when it is snoozed at `rules.now` (`now < until`), else nil.
    func snoozedUntil(_ r: ResolvedTip) -> Int64? {
        guard !state.snoozes.isEmpty, let s = state.snoozes[r.id], rules.now < s.until else { return nil }
        return s.until
    }

    /// The records of a `snooze` effect of `r` performed at `now`: a `snooze` record, the
    /// tip's next (until `now + interval`, saturating); or, once `limit` snoozes are used
    /// (`limit` > 0), an invalidation with reason `tipClosed`, as a dismissal for good (a
    /// snooze limit in Chromium's promos ends the same way). Nothing for an invalidated tip.
    func snoozeRecords(_ r: ResolvedTip, interval: Int64, limit: UInt32, at now: Int64) -> [JournalRecord] {
        guard state.tips[r.id]?.invalidation == nil else { return [] }
        let used = state.snoozes[r.id]?.count ?? 0
        if limit > 0, used >= Int64(limit) {
            return [.invalidate(tip: r.id, reason: TipInvalidationReason.tipClosed.rawValue, at: now)]
        }
        let (until, overflow) = now.addingReportingOverflow(interval)
        return [.snooze(tip: r.id, until: overflow ? Int64.max : until, count: used &+ 1, at: now)]
    }

    /// The snooze limit `r`'s actions declare (the first snoozing action's; 0: none or no limit).
    func snoozeLimit(ofTip index: Int) -> UInt32? {
        for action in catalog.bundle.tips[index].actions {
            for case .snooze(_, let limit) in action.effects { return limit }
        }
        return nil
    }

    /// What `explain` says about `r`'s recorded snooze, if any.
    func snoozeExplanation(_ r: ResolvedTip) -> TipExplanation.SnoozeExplanation? {
        guard let s = state.snoozes[r.id] else { return nil }
        let limit = snoozeLimit(ofTip: r.index).flatMap { $0 > 0 ? Int64($0) : nil }
        return .init(until: s.until, inForce: rules.now < s.until, used: s.count, limit: limit)
    }
}
