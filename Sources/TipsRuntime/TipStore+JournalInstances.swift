extension TipStore {
    /// Reports of the reusable-tip instances that have state in the journal (a display or
    /// an invalidation recorded under their id), sorted by id. An id can't be turned back
    /// into arguments, so each report's `tip` carries the declared name only; `id` is the
    /// instance id. For tools (`tipc status`) and debug screens that list what the journal
    /// holds rather than what this run addressed.
    public func journalInstanceReports() -> [TipReport] {
        (try? withEngine(writing: false) { e in
            e.state.tips.keys.sorted().compactMap { id -> TipReport? in
                guard e.catalog.plainTipIDs[id] == nil, let i = e.tipIndex(forID: id), e.catalog.isReusable(i) else {
                    return nil
                }
                return e.report(ResolvedTip(index: i, id: id, tip: TipKey(e.catalog.tipName(i)), arguments: []))
            }
        }) ?? []
    }
}
