import TipsVM

extension TipStore {
    /// Why `tip` has its status now, and when that changes: each rule with the values it
    /// saw (from the bundle's `explain` section, when it has one), invalidation, cooldown,
    /// overrides, the tip's place in its group, display accounting against the limits, and
    /// the earliest instant at which time alone makes it available (searched up to
    /// `horizonDays` ahead) or the inputs it needs. For debug screens and `tipc explain`;
    /// changes nothing.
    public func explanation(of tip: TipKey, horizonDays: Int = 400) throws(TipStoreError) -> TipExplanation {
        let horizon = Int64(clamping: horizonDays).multipliedReportingOverflow(by: 86_400_000).partialValue
        return try withEngine(writing: false) { e throws(TipStoreError) in
            switch try e.lookUp(tip) {
            case .live(let r): return e.explanation(r, probes: RuleVM(e.catalog.verified.withProbePrograms()), horizon: horizon)
            case .removed(let r, let old): return e.removedExplanation(r, in: old)
            }
        }
    }

    /// `tip`'s goal and whether it converted (nil when its tip declares no goal): the same
    /// state `explanation(of:)` reports as `goal`. See Docs/events.md, "converted".
    public func conversion(of tip: TipKey) throws(TipStoreError) -> TipConversion? {
        try withEngine(writing: false) { e throws(TipStoreError) in e.conversion(try e.resolveAndRemember(tip)) }
    }

    /// The explanations of every tip the store can name (plain tips in declaration order,
    /// then reusable instances addressed in this run).
    public func explanations(horizonDays: Int = 400) -> [TipExplanation] {
        let horizon = Int64(clamping: horizonDays).multipliedReportingOverflow(by: 86_400_000).partialValue
        return (try? withEngine(writing: false) { e in
            let probes = RuleVM(e.catalog.verified.withProbePrograms())
            return e.knownTips().map { e.explanation($0, probes: probes, horizon: horizon) }
        }) ?? []
    }
}

extension TipStore {
    /// The explanation of the tip or reusable instance with journal id `id` (a plain
    /// tip's id, an instance addressed in this run, or one the journal holds state for,
    /// e.g. `NewTemplateTip-t42`), or nil when no tip of the bundle can have that id.
    /// For tools that know ids, not arguments (`tipc explain NewTemplateTip-t42`).
    public func explanation(ofID id: String, horizonDays: Int = 400) -> TipExplanation? {
        let horizon = Int64(clamping: horizonDays).multipliedReportingOverflow(by: 86_400_000).partialValue
        return try? withEngine(writing: false) { e -> TipExplanation? in
            guard let i = e.tipIndex(forID: id) else { return nil }
            var r = e.plain(i)
            if e.catalog.isReusable(i) {
                // Arguments read back from the id let rules that read them be explained.
                r = e.instances[id] ?? e.recoveredInstance(id: id, index: i)
                    ?? ResolvedTip(index: i, id: id, tip: TipKey(e.catalog.tipName(i)), arguments: [])
                e.internArguments(of: r)
            }
            return e.explanation(r, probes: RuleVM(e.catalog.verified.withProbePrograms()), horizon: horizon)
        }
    }

    /// Ids of reusable-tip instances the journal holds state for (display counts,
    /// invalidations), sorted: what `explanation(ofID:)` can name besides plain tips.
    public var instanceIDs: [String] {
        (try? withEngine(writing: false) { e in
            e.state.tips.keys.filter { id in e.tipIndex(forID: id).map { e.catalog.isReusable($0) } ?? false }.sorted()
        }) ?? []
    }
}
