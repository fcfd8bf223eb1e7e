import Foundation
import TipsBytecode
import TipsJournal

/// Experiments: each install is assigned, per tip with an experiment, to the holdout or one
/// variant, deterministically from its identifier and the experiment's salt; the first time
/// the assignment changes what the user sees is recorded as an `exposure`.
extension Engine {
    /// FNV-1a 64 over the UTF-8 bytes of `salt`, a `:` and `install`, modulo 10,000.
    static func bucket(salt: String, install: String) -> Int {
        var h = FNV1a64()
        h.combine(salt.utf8)
        h.combine(CollectionOfOne(UInt8(ascii: ":")))
        h.combine(install.utf8)
        return Int(h.value % UInt64(ExperimentSchema.wholeShare))
    }

    /// The side of the bucket: the holdout below its share, then each variant's share in order.
    static func side(bucket: Int, of x: ExperimentSchema) -> Int? {
        var upper = Int(x.holdout)
        if bucket < upper { return nil }
        for (i, v) in x.variants.enumerated() {
            upper += Int(v.share)
            if bucket < upper { return i }
        }
        return x.variants.indices.last
    }

    /// The identifier assignment hashes: the app's, else the journal's, else none yet ("").
    var installID: String { appInstallID ?? state.install?.id ?? "" }

    /// Records a generated identifier once, when the catalog has an experiment and neither
    /// the app nor the journal has one (at open and after an adoption).
    mutating func ensureInstallIdentity() throws(TipStoreError) {
        guard !catalog.bundle.experiments.isEmpty, appInstallID == nil, state.install == nil,
              overrides.recordsInstallIdentifier else { return }
        try commit([.install(id: UUID().uuidString, at: rules.now)])
    }

    /// Where tip `index` stands in its experiment; nil for a tip without one.
    func assignment(ofTip index: Int) -> VariantAssignment? {
        guard let xi = catalog.experimentOfTip[index] else { return nil }
        let x = catalog.bundle.experiments[xi]
        let name = catalog.string(x.name)
        let tip = catalog.tipName(index)
        let bucket = Engine.bucket(salt: catalog.string(x.salt), install: installID)
        let names = x.variants.map { catalog.string($0.name) }
        func known(_ v: String) -> Bool { v == VariantAssignment.holdout ? x.holdout > 0 : names.contains(v) }
        if let forced = overrides.variants[tip], known(forced) {
            return VariantAssignment(experiment: name, variant: forced, bucket: bucket, holdoutShare: Int(x.holdout), source: .override)
        }
        // An exposure naming a variant this catalog lacks (an update removed it) is ignored.
        if let e = state.exposures[Exposure.Key(tip: tip, experiment: name)], known(e.variant) {
            return VariantAssignment(experiment: name, variant: e.variant, bucket: bucket, holdoutShare: Int(x.holdout), source: .exposure)
        }
        let side = Engine.side(bucket: bucket, of: x)
        var out = VariantAssignment(experiment: name, variant: side.map { names[$0] } ?? VariantAssignment.holdout, bucket: bucket,
                                    holdoutShare: Int(x.holdout), source: .bucket)
        out.installKnown = !installID.isEmpty
        return out
    }

    /// The assigned variant's schema (nil: no experiment, or the holdout).
    func variant(ofTip index: Int) -> VariantSchema? {
        guard let a = assignment(ofTip: index), !a.isHoldout, let xi = catalog.experimentOfTip[index] else { return nil }
        return catalog.bundle.experiments[xi].variants.first { catalog.string($0.name) == a.variant }
    }

    /// Whether tip `index` is held out: eligible, never shown.
    func isHeldOut(_ index: Int) -> Bool {
        guard catalog.experimentOfTip[index] != nil else { return false }
        return assignment(ofTip: index)?.isHoldout ?? false
    }

    /// The tip's display options with the variant's limits.
    func options(ofTip index: Int) -> TipsBytecode.TipOptions {
        var o = catalog.bundle.tips[index].options
        guard catalog.experimentOfTip[index] != nil, let v = variant(ofTip: index) else { return o }
        if let n = v.maxDisplayCount { o.maxDisplayCount = n }
        if let d = v.maxDisplayDuration { o.maxDisplayDuration = d }
        return o
    }

    /// Whether the assigned variant's own rules hold (true without a variant or rules).
    func variantRulesHold(_ r: ResolvedTip) -> Bool {
        guard catalog.experimentOfTip[r.index] != nil, let v = variant(ofTip: r.index), !v.rules.isEmpty else { return true }
        return v.rules.allSatisfy { vm.evaluateRule(Int($0), in: rules) }
    }

    /// The exposure to record when `r`'s first presentation begins under a variant.
    func presentationExposure(_ r: ResolvedTip) -> JournalRecord? {
        guard catalog.experimentOfTip[r.index] != nil, let a = assignment(ofTip: r.index), a.source == .bucket,
              !a.isHoldout else { return nil }
        return .exposure(tip: catalog.tipName(r.index), experiment: a.experiment, variant: a.variant, at: rules.now)
    }

    /// Holdout exposures that are due: a held-out tip that would be available now (not
    /// suspended or invalidated, its rules hold, no cooldown or group holds it back)
    /// records its exposure once, at the first store call that finds it so. Plain tips
    /// come first in declaration order, then reusable ones in the order of their instances'
    /// ids, each at its first available instance.
    ///
    /// Runs on every store call: it looks only at held-out tips not yet exposed, and only
    /// when a record was applied, time moved or an instance was addressed since it last looked.
    mutating func recordHoldoutExposures() throws(TipStoreError) {
        guard !catalog.experimentOfTip.isEmpty else { return }
        if holdouts.pending == nil { holdouts.pending = heldOutUnexposedTips() }
        guard let pending = holdouts.pending, !pending.isEmpty,
              holdouts.needsCheck(now: rules.now, instances: instances.count) else { return }
        holdouts.checked(now: rules.now, instances: instances.count)
        var records: [JournalRecord] = []
        func wouldBeAvailable(_ r: ResolvedTip) -> Bool {
            !isSuspended(r.index) && invalidation(r) == nil && rulesHold(r) && !heldBackByCooldown(r) && !heldBackByGroup(r)
        }
        func expose(_ index: Int) {
            guard let a = assignment(ofTip: index), a.isHoldout, a.source == .bucket else { return }
            records.append(.exposure(tip: catalog.tipName(index), experiment: a.experiment, variant: a.variant, at: rules.now))
        }
        var reusable: Set<Int> = []
        for i in pending {
            if catalog.isReusable(i) { reusable.insert(i) } else if wouldBeAvailable(plain(i)) { expose(i) }
        }
        if !reusable.isEmpty {
            for id in instances.keys.sorted() {
                guard let r = instances[id], reusable.contains(r.index), wouldBeAvailable(r) else { continue }
                reusable.remove(r.index)
                expose(r.index)
            }
        }
        // A refused write leaves the exposures due: the next call tries again.
        do throws(TipStoreError) { try commit(records) } catch {
            holdouts.dirty = true
            throw error
        }
    }

    /// The tips a holdout exposure may still be recorded for (see ``HoldoutWatch/pending``).
    func heldOutUnexposedTips() -> [Int] {
        catalog.experimentOfTip.keys.sorted().filter { i in
            guard let a = assignment(ofTip: i) else { return false }
            return a.isHoldout && a.source == .bucket
        }
    }
}
