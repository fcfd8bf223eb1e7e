import TipsBytecode
import TipsJournal

extension TipStore {
    /// The invalidations an app's store appends with a donation of `event` at `at`: those
    /// of the `invalidate when` triggers it fires, given `state`, the state of the journal
    /// it is appended to (a reusable tip's instances are those the journal knows). What
    /// `tipc journal FILE donate --defs` writes after the donation, so that a journal built
    /// by hand agrees with the app's; the runtime's own donation path computes them the same
    /// way. `event` is the name or key the journal stores it under, `payload` its fields as
    /// the journal stores them. Empty for an event the bundle does not declare.
    package static func triggeredInvalidations(of event: String, payload: [String: JournalValue], at: Int64,
                                               bundle: VerifiedBundle, state: JournalState) -> [JournalRecord] {
        let catalog = Catalog(bundle)
        guard let e = catalog.eventKeyIndex[event] ?? catalog.eventIndex[event] else { return [] }
        var engine = Engine(catalog: catalog, persistence: .memory, state: state, overrides: .none, now: at)
        return engine.triggerRecords(event: e, payload: payload, at: at)
    }
}
