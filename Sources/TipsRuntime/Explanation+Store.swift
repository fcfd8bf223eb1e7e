import TipsVM

extension TipStore {
    /// Why `tip` has its status now, and when that changes: each rule with the values it
    /// saw (from the bundle's `explain` section, when it has one), invalidation, cooldown,
    /// overrides, the tip's place in its group, display accounting against the limits, and
    /// the earliest instant at which time alone makes it available (searched up to
    /// `horizonDays` ahead) or the inputs it needs. For debug screens and `tipc explain`;
    /// changes nothing.
    public func explanation(of tip: Tip, horizonDays: Int = 400) throws(TipStoreError) -> TipExplanation {
        let probes = RuleVM(catalog.verified.withProbePrograms())
        let horizon = Int64(clamping: horizonDays).multipliedReportingOverflow(by: 86_400_000).partialValue
        return try withEngine(writing: false) { e throws(TipStoreError) in
            e.explanation(try e.resolveAndRemember(tip), probes: probes, horizon: horizon)
        }
    }

    /// The explanations of every tip the store can name (plain tips in declaration order,
    /// then reusable instances addressed in this run).
    public func explanations(horizonDays: Int = 400) -> [TipExplanation] {
        let probes = RuleVM(catalog.verified.withProbePrograms())
        let horizon = Int64(clamping: horizonDays).multipliedReportingOverflow(by: 86_400_000).partialValue
        return (try? withEngine(writing: false) { e in e.knownTips().map { e.explanation($0, probes: probes, horizon: horizon) } }) ?? []
    }
}
