import TipsBytecode
import TipsJournal
import TipsVM

/// What a tip name the app uses reaches: the running catalog's tip, or, when an adopted
/// catalog removed it, the embedded catalog's (its index and id are the embedded ones and
/// never index the running catalog).
enum TipLookup {
    case live(ResolvedTip)
    case removed(ResolvedTip, in: Catalog)
}

/// Names an adopted catalog removed (Docs/remote.md, "Names the live catalog removed"):
/// the app's typed Swift is generated from the embedded catalog, so its tips, events and
/// parameters keep working. Only reached after the running catalog (and its declared
/// renames) missed, so the common path costs nothing more; a name in neither catalog still
/// throws the unknown-name error.
extension Engine {
    /// The embedded catalog while the engine runs an adopted one; nil while it runs the
    /// embedded catalog itself (then a miss is simply an unknown name).
    mutating func embeddedWhileLive() -> Catalog? {
        guard liveManifest != nil else { return nil }
        return embedded.catalog()
    }

    /// `tip` in the running catalog, else in the embedded one when the live catalog removed
    /// it (its arguments checked against the embedded declaration), else the error.
    mutating func lookUp(_ tip: TipKey) throws(TipStoreError) -> TipLookup {
        do throws(TipStoreError) {
            return .live(try resolveAndRemember(tip))
        } catch {
            guard error.kind == .unknownTip, let old = embeddedWhileLive(), old.tipIndex[tip.name] != nil else { throw error }
            return .removed(try Engine.resolve(tip, in: old), in: old)
        }
    }

    /// `tip` in the running catalog for a call that needs its declaration there (content,
    /// report, actions): a removed tip throws `notInLiveCatalog`, an unknown one `unknownTip`.
    mutating func liveTip(_ tip: TipKey) throws(TipStoreError) -> ResolvedTip {
        switch try lookUp(tip) {
        case .live(let r): return r
        case .removed:
            throw TipStoreError(.notInLiveCatalog, "tip '\(tip.name)' is not in the live catalog (\(liveVersionText)): "
                + "its status is notInLiveCatalog and it is never displayed")
        }
    }

    /// What an observer of `tip` watches: the tip, or its absence from the live catalog.
    mutating func observedTarget(_ tip: TipKey) throws(TipStoreError) -> ObservedTarget {
        switch try lookUp(tip) {
        case .live(let r): return .tip(r)
        case .removed(let r, _): return .removedTip(r.tip)
        }
    }

    /// The running catalog's version, for messages.
    var liveVersionText: String { liveManifest.map { "version \($0.version)" } ?? "the running catalog" }

    /// Invalidating a removed tip is journaled under its embedded id (the decision of
    /// donations, below): a rollback, or a catalog that brings it back, sees that the user
    /// did what it teaches.
    mutating func invalidateRemoved(_ r: ResolvedTip, reason: TipInvalidationReason) throws(TipStoreError) {
        guard state.tips[r.id]?.invalidation == nil else { return }
        try commit([.invalidate(tip: r.id, reason: reason.rawValue, at: rules.now)])
    }

    /// Donates an event the live catalog removed: the payload is checked against the
    /// embedded declaration (the app's typed Swift sends exactly that) and the donation is
    /// journaled under the embedded key. Journaled, not dropped: the journal is keyed by
    /// name and replays records of names the running catalog lacks without reading them,
    /// so the live catalog is unaffected, while a rollback to the embedded catalog (or a
    /// later catalog that brings the event back) counts what the user really did.
    mutating func donateRemoved(_ event: String, _ payload: [String: TipValue], at: Int64) throws(TipStoreError) -> Bool {
        guard let old = embeddedWhileLive(), let e = old.eventIndex[event] else { return false }
        let values = try Engine.payload(payload, of: e, named: event, in: old)
        try commit([.donate(event: old.eventKey(e), at: at, payload: values)])
        return true
    }

    /// Sets a parameter the live catalog removed: type-checked against the embedded
    /// declaration and journaled under its embedded key (transient: nothing to keep), for
    /// the reason donations are. Setting the value it already holds writes nothing.
    mutating func setRemovedParameter(_ name: String, _ value: TipValue) throws(TipStoreError) -> Bool {
        guard let old = embeddedWhileLive(), let i = old.paramIndex[name] else { return false }
        let v = try old.journalValue(value, as: old.bundle.params[i].type, what: "parameter '\(name)'")
        guard !old.bundle.params[i].isTransient, state.params[old.paramKey(i)]?.value != v else { return true }
        try commit([.param(name: old.paramKey(i), value: v, at: rules.now)])
        return true
    }

    /// The value of a parameter the live catalog removed: what the journal holds under its
    /// embedded key when it reads back as the embedded type, else the embedded default.
    mutating func removedParameter(_ name: String) -> TipValue? {
        guard let old = embeddedWhileLive(), let i = old.paramIndex[name] else { return nil }
        let p = old.bundle.params[i]
        var scratch = RuleState(old.verified, now: rules.now)
        if !p.isTransient, let stored = state.params[old.paramKey(i)]?.value, let slot = old.slot(stored, as: p.type, in: &scratch) {
            return TipValue(old.journalValue(slot, as: p.type, in: scratch))
        }
        return TipValue(old.journalValue(scratch.params[i], as: p.type, in: scratch))
    }

    /// The explanation of a removed tip: its status, its display accounting under its
    /// embedded id, and why nothing but another catalog brings it back.
    func removedExplanation(_ r: ResolvedTip, in old: Catalog) -> TipExplanation {
        let t = state.tips[r.id]
        let options = old.bundle.tips[r.index].options
        let display = TipExplanation.Display(count: t?.displayCount ?? 0, maxCount: options.maxDisplayCount.map(Int64.init),
                                             milliseconds: t?.displayMs ?? 0, maxMilliseconds: options.maxDisplayDuration,
                                             isDisplayed: t?.openSince != nil, ignoresDisplayFrequency: options.ignoresDisplayFrequency)
        var out = TipExplanation(name: r.tip.name, id: r.id, at: rules.now, status: .notInLiveCatalog, override: nil,
                                 invalidation: t?.invalidation.map { .init(reason: TipInvalidationReason(rawValue: $0.reason) ?? .actionPerformed, at: $0.at) },
                                 rules: [], cooldown: nil, display: display, group: nil,
                                 next: .blocked("not in the live catalog (\(liveVersionText)); a catalog that has it, "
                                     + "or the embedded one after a rollback, brings it back"))
        out.notInLiveCatalog = true
        return out
    }

    /// `payload` checked against event `e` of `catalog`: every declared field exactly once,
    /// each of its type.
    static func payload(_ payload: [String: TipValue], of e: Int, named event: String,
                        in catalog: Catalog) throws(TipStoreError) -> [String: JournalValue] {
        let fields = catalog.bundle.events[e].fields
        var values: [String: JournalValue] = [:]
        for f in fields {
            let name = catalog.string(f.name)
            guard let v = payload[name] else {
                throw TipStoreError(.wrongFields, "event '\(event)' needs field '\(name): \(catalog.typeName(f.type))'")
            }
            values[name] = try catalog.journalValue(v, as: f.type.nonOptional, what: "field '\(name)' of event '\(event)'")
        }
        if let extra = payload.keys.sorted().first(where: { values[$0] == nil }) {
            let detail = fields.isEmpty ? "has no payload" : "has no field '\(extra)'"
            throw TipStoreError(.wrongFields, "event '\(event)' \(detail)")
        }
        return values
    }
}
