/// Experiments: the install identifier and each tip's assignment (Docs/runtime.md, "Experiments").
extension TipStore {
    /// Uses `id` (an identifier of the app's own, e.g. one its account system keeps across the
    /// user's devices) as the install identifier that experiments' assignment hashes, instead
    /// of the one the journal records. Call it right after opening, before showing tips; it is
    /// not written to the journal.
    public func setInstallIdentifier(_ id: String) throws(TipStoreError) {
        try withEngine { e in
            guard e.appInstallID != id else { return }
            e.appInstallID = id
            e.changes.all = true
            e.holdouts.pending = nil
        }
    }

    /// The identifier the assignment hashes now: the app's, else the journal's (empty when the
    /// catalog has no experiment and none was recorded).
    public var installIdentifier: String {
        (try? withEngine(writing: false) { e in e.installID }) ?? ""
    }

    /// Where `tip` stands in its experiment (nil for a tip without one): its variant or the
    /// holdout, its bucket, and whether an exposure, the bucket or an override decided.
    public func variantAssignment(of tip: TipKey) throws(TipStoreError) -> VariantAssignment? {
        try withEngine(writing: false) { e throws(TipStoreError) in
            let r = try e.liveTip(tip)
            return e.assignment(ofTip: r.index)
        }
    }
}
