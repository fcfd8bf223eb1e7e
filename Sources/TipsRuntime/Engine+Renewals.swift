import TipsBytecode
import TipsJournal

extension Engine {
    /// When invalidated tip `id` (of tip `index`) returns to its rules by its declared
    /// `resetEligibility after D`: its invalidation's instant plus D; nil when it is not
    /// invalidated, declares no renewal, or the sum overflows (never).
    func renewalDue(id: String, index: Int) -> Int64? {
        guard let after = catalog.renewalOfTip[index], let inv = state.tips[id]?.invalidation else { return nil }
        let (due, overflow) = inv.at.addingReportingOverflow(after)
        return overflow ? nil : due
    }

    /// The invalidated tips that declare a renewal, with when each falls due.
    func pendingRenewals() -> [(id: String, due: Int64)] {
        var out: [(id: String, due: Int64)] = []
        for (id, tip) in state.tips where tip.invalidation != nil {
            guard let index = tipIndex(forID: id), let due = renewalDue(id: id, index: index) else { continue }
            out.append((id, due))
        }
        return out
    }

    /// The `resetEligibility` records of the renewals due at `rules.now`, each dated at the
    /// instant it fell due (not at the call that noticed it), so the journal reads the same
    /// whenever the app happened to look, and two devices write the same record.
    mutating func dueRenewalRecords() -> [JournalRecord] {
        guard let next = earliestRenewal(), next <= rules.now else { return [] }
        return pendingRenewals().filter { $0.due <= rules.now }
            .sorted { ($0.due, $0.id) < ($1.due, $1.id) }
            .map { .resetEligibility(tip: $0.id, at: $0.due) }
    }

    /// The earliest instant a declared renewal falls due (past or future), computed again
    /// only after a record that invalidated or returned a tip.
    mutating func earliestRenewal() -> Int64? {
        guard !catalog.renewalOfTip.isEmpty else { return nil }
        if !renewals.known {
            renewals.next = pendingRenewals().map(\.due).min()
            renewals.known = true
        }
        return renewals.next
    }

    /// Applies the renewals due at `rules.now` to memory only: the explanation's search
    /// looks ahead on a copy of the engine, which must never write to the journal.
    mutating func applyDueRenewalsInMemory() {
        for record in dueRenewalRecords() { apply(record) }
    }

    /// The next renewal of a watched tip after `rules.now`, a wake-up instant: observers
    /// hear the tip come back (or stay pending, if its rules say so) when it falls due.
    func nextRenewal(of r: ResolvedTip) -> Int64? {
        guard !catalog.renewalOfTip.isEmpty, let due = renewalDue(id: r.id, index: r.index), due > rules.now else { return nil }
        return due
    }
}
