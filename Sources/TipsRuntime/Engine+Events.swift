import TipsBytecode
import TipsJournal

/// Effectiveness events (Docs/events.md), derived from what the engine already does:
/// presentation and invalidation records as they are applied (`apply` calls
/// `recordEvents(for:)` before folding each one in, only while a sink is registered), and
/// status changes through one observer per known tip whose value is the tip's `TipPhase`.
extension Engine {
    // MARK: - Registration

    /// Registers (or with nil removes) the sink's queue: every known tip gets a phase
    /// observer (its first value is a baseline and emits nothing: a tip eligible before the
    /// sink existed was reported then, or in an earlier run), and the presentations this
    /// open ended for a previous run are reported once, to the first sink.
    mutating func setEventSink(_ queue: EventSinkQueue?) {
        if let old = events {
            for id in old.observerIDs { observers[id] = nil }
            breakpoints.valid = false
        }
        events = nil
        guard let queue else { return }
        events = EventRecorder(queue: queue)
        for (id, began, ordinal) in endedAtOpen {
            guard let r = resolvedForEvent(id: id) else { continue }
            emit(.ended(presentation: presentationID(r, ordinal: ordinal, began: began), ending: .appClosed), r, at: began)
        }
        endedAtOpen = []
        for r in knownTips() { addPhaseObserver(r) }
    }

    /// A phase observer for `r`, indexed under its tip and its group (a group's other
    /// members change what holds it back). Evaluated at the next `notify`.
    mutating func addPhaseObserver(_ r: ResolvedTip) {
        nextObserverID &+= 1
        observers[nextObserverID] = Observer(target: .tip(r), sink: .effectiveness, last: nil)
        observersOfTip[r.index, default: []].append(nextObserverID)
        if let g = catalog.groupOfTip[r.index] { observersOfGroup[g, default: []].append(nextObserverID) }
        changes.newObservers.append(nextObserverID)
        breakpoints.valid = false
        events?.observerIDs.append(nextObserverID)
    }

    /// Hands the call's events to the sink's queue (under the lock: the store's order).
    mutating func flushEvents() {
        guard var rec = events, !rec.pending.isEmpty else { return }
        let batch = rec.pending
        rec.pending = []
        events = rec
        rec.queue.enqueue(batch)
    }

    // MARK: - Endings no record tells

    /// Ends the open presentations at `close()` (reported as `appClosed`).
    mutating func endPresentationsAtClose() throws(TipStoreError) {
        hintEnding(openIDs, .appClosed)
        defer { events?.endingHint = [:] }
        try commit(openPresentationEndings(at: rules.now))
    }

    /// Ends what a previous run left open, at open; remembered for the first sink.
    mutating func endPresentationsLeftOpen() throws(TipStoreError) {
        endedAtOpen = openIDs.sorted().compactMap { id in
            guard let t = state.tips[id], let since = t.openSince else { return nil }
            return (id, since, t.displayCount)
        }
        try commit(openPresentationEndings(at: nil))
    }

    mutating func hintEnding(_ ids: some Sequence<String>, _ ending: EffectivenessEvent.PresentationEnding) {
        guard events != nil else { return }
        for id in ids { events?.endingHint[id] = ending }
    }

    // MARK: - From records

    /// The events `record` makes, read before it is folded into `state`.
    mutating func recordEvents(for record: JournalRecord) {
        switch record {
        case .displayBegan(let id, let at):
            guard state.tips[id]?.openSince == nil, let r = resolvedForEvent(id: id) else { return }
            let ordinal = (state.tips[id]?.displayCount ?? 0) &+ 1
            emit(.shown(presentation: presentationID(r, ordinal: ordinal, began: at)), r, at: at)
        case .displayEnded(let id, let at):
            guard let t = state.tips[id], let since = t.openSince, let r = resolvedForEvent(id: id) else { return }
            let ending = events?.endingHint[id] ?? ending(of: r, openSince: since)
            emit(.ended(presentation: presentationID(r, ordinal: t.displayCount, began: since), ending: ending), r, at: at)
        case .invalidate(let id, let reason, let at):
            guard state.tips[id]?.invalidation == nil, let r = resolvedForEvent(id: id) else { return }
            emit(.invalidated(TipInvalidationReason(rawValue: reason) ?? .actionPerformed), r, at: at)
        case .donate(let key, let at, let payload):
            // No goals (the usual catalog): nothing to look up.
            guard !catalog.goalOfTip.isEmpty, let e = catalog.eventKeyIndex[key], !catalog.goalsOfEvent[e].isEmpty else { return }
            recordConversions(event: e, at: at, payload: payload)
        default:
            break
        }
    }

    /// Why the presentation of `r` that began at `since` ends now, from the state the
    /// records before the end made: an invalidation during it, else whether the tip is
    /// still available (the host dismissed it) or not (it was taken down).
    func ending(of r: ResolvedTip, openSince since: Int64) -> EffectivenessEvent.PresentationEnding {
        if let inv = state.tips[r.id]?.invalidation, inv.at >= since {
            switch TipInvalidationReason(rawValue: inv.reason) ?? .actionPerformed {
            case .tipClosed: return .closeButton
            case .displayDurationExceeded: return .displayDurationExceeded
            case .actionPerformed:
                if let a = events?.lastAction[r.id], a.at >= since { return .action(a.id) }
                return .invalidated(.actionPerformed)
            case .displayCountExceeded: return .invalidated(.displayCountExceeded)
            }
        }
        return status(r) == .available && !heldBackByGroup(r) ? .dismissed : .retracted
    }

    /// The tip an event is about, by instance id (nil: a tip this bundle doesn't declare).
    func resolvedForEvent(id: String) -> ResolvedTip? {
        if let r = instances[id] { return r }
        guard let i = tipIndex(forID: id) else { return nil }
        return ResolvedTip(index: i, id: id, tip: TipKey(catalog.tipName(i)), arguments: [])
    }

    // MARK: - From status changes

    /// Where `r` stands: invalidated, ineligible (its rules), held back, or eligible.
    func phase(_ r: ResolvedTip) -> TipPhase {
        if invalidation(r) != nil { return .invalidated }
        guard rulesHold(r) else { return .ineligible }
        if overrides.isActive, overrides.decision(id: r.id, name: r.tip.name) == .hide { return .heldBack(.testingOverride) }
        if !catalog.experimentOfTip.isEmpty, isHeldOut(r.index) { return .heldBack(.holdout) }
        if snoozedUntil(r) != nil { return .heldBack(.snoozed) }
        if heldBackByCooldown(r) { return .heldBack(.displayFrequency) }
        if catalog.budgets.hasBudget, heldBackByBudget(r) { return .heldBack(.displayBudget) }
        if heldBackByGroup(r) { return .heldBack(.group) }
        return .eligible
    }

    /// Whether `r`'s group has another current tip (or none: an earlier `ordered` member waits).
    func heldBackByGroup(_ r: ResolvedTip) -> Bool {
        guard let g = catalog.groupOfTip[r.index] else { return false }
        return currentMember(ofGroup: g)?.id != r.id
    }

    /// A phase observer saw `r` move from `old` (nil: its first value) to `new`.
    mutating func phaseChanged(_ r: ResolvedTip, from old: TipPhase?, to new: TipPhase) {
        guard let old, old != new else { return }
        let wasOut = old == .ineligible || old == .invalidated
        switch new {
        case .eligible:
            if wasOut { emit(.becameEligible, r, at: rules.now) }
        case .heldBack(let reason):
            if wasOut { emit(.becameEligible, r, at: rules.now) }
            emit(.suppressed(reason), r, at: rules.now)
        case .ineligible, .invalidated:
            break
        }
    }

    // MARK: - Building events

    mutating func emit(_ kind: EffectivenessEvent.Kind, _ r: ResolvedTip, at: Int64) {
        guard let options = events?.options else { return }
        let assignment = catalog.experimentOfTip.isEmpty ? nil : assignment(ofTip: r.index)
        let testing = (overrides.isActive && overrides.decision(id: r.id, name: r.tip.name) != .none)
            || assignment?.source == .override
        let event = EffectivenessEvent(kind: kind, catalog: options.catalog, tip: r.tip.name, instance: instanceLabel(r),
                                       variant: assignment?.variant, at: at, testing: testing)
        events?.pending.append(event)
    }

    /// A reusable instance as events name it: an opaque token unless the app opted in to ids.
    func instanceLabel(_ r: ResolvedTip) -> String? {
        guard catalog.isReusable(r.index) else { return nil }
        if events?.options.includesInstanceIDs == true { return r.id }
        return EffectivenessEvent.instanceToken(r.id)
    }

    /// `<tip or instance>#<ordinal>@<began ms>`: the n-th presentation, and when it began
    /// (ordinals restart at a `resetStore`; the instant keeps ids apart).
    func presentationID(_ r: ResolvedTip, ordinal: Int64, began: Int64) -> String {
        "\(instanceLabel(r) ?? r.tip.name)#\(ordinal)@\(began)"
    }
}

extension EffectivenessEvent {
    /// The opaque token events name an instance by: `i` and 16 hex digits of the FNV-1a
    /// hash of its id. Stable (the same instance always gets the same token, on every
    /// device), but carries none of the argument text.
    static func instanceToken(_ id: String) -> String {
        var h = FNV1a64()
        h.combine(id.utf8)
        let hex = String(h.value, radix: 16)
        return "i" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
