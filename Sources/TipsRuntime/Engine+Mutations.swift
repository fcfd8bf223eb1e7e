import TipsBytecode
import TipsJournal
import TipsVM

extension Engine {
    /// Records what time alone has made due: invalidations of displayed tips whose duration
    /// limit passed (dated at the instant it was reached), and the eligibility resets of
    /// invalidated tips whose declared renewal fell due (dated at that instant). Runs before
    /// every operation and at every clock wake-up, so the journal holds them even if the
    /// app never ends the presentation or never asks for the tip.
    mutating func settle() throws(TipStoreError) {
        var records: [JournalRecord] = []
        for id in openIDs where state.tips[id]?.invalidation == nil {
            guard let index = tipIndex(forID: id) else { continue }
            let r = ResolvedTip(index: index, id: id, tip: TipKey(catalog.tipName(index)), arguments: [])
            if let at = durationLimitInstant(r), at <= rules.now {
                records.append(.invalidate(tip: id, reason: TipInvalidationReason.displayDurationExceeded.rawValue, at: at))
            }
        }
        records.sort { "\($0)" < "\($1)" }
        // Renewals come after: a tip's own renewal and its duration invalidation never
        // fall due together (one needs the tip invalidated, the other needs it not).
        records += dueRenewalRecords()
        try commit(records)
    }

    /// Sets parameter `name` (type-checked). Setting the value it already has writes
    /// nothing and changes nothing, so observers hear nothing either (see `isUnchanged`).
    /// A transient parameter lives in memory only: nothing is written for it.
    mutating func setParameter(_ name: String, _ value: TipValue) throws(TipStoreError) {
        guard let i = catalog.paramIndex(named: name) else {
            if try setRemovedParameter(name, value) { return }
            throw TipStoreError(.unknownParameter, "unknown parameter '\(name)'")
        }
        let v = try catalog.journalValue(value, as: catalog.bundle.params[i].type, what: "parameter '\(name)'")
        guard !isUnchanged(param: i, v) else { return }
        if catalog.bundle.params[i].isTransient {
            setTransient(i, v)
            return
        }
        try commit([.param(name: catalog.paramKey(i), value: v, at: rules.now)])
    }

    /// Gives transient parameter `i` the value `v` in this run, as applying a `param`
    /// record would, without a record: TipKit never persists a transient parameter, and
    /// a journal line for one would only be read back by nobody (and synced to nobody).
    mutating func setTransient(_ i: Int, _ v: JournalValue) {
        transient[i] = v
        if let slot = catalog.slot(v, as: catalog.bundle.params[i].type, in: &rules) { rules.setParam(i, slot) } else { rules.resetParam(i) }
        changed(param: i)
    }

    /// Whether setting parameter `i` to `v` changes nothing: `v` is its value now, and that
    /// value was written before (or the parameter is transient, never merged). The first
    /// explicit set of a value that is only the default is still written: merging journals
    /// across devices (last writer wins) must see that this device chose it.
    func isUnchanged(param i: Int, _ v: JournalValue) -> Bool {
        let p = catalog.bundle.params[i]
        guard v == catalog.journalValue(rules.params[i], as: p.type, in: rules) else { return false }
        return p.isTransient || state.params[catalog.paramKey(i)] != nil
    }

    /// The current value of parameter `name`.
    mutating func parameter(_ name: String) throws(TipStoreError) -> TipValue {
        guard let i = catalog.paramIndex(named: name) else {
            if let removed = removedParameter(name) { return removed }
            throw TipStoreError(.unknownParameter, "unknown parameter '\(name)'")
        }
        return TipValue(catalog.journalValue(rules.params[i], as: catalog.bundle.params[i].type, in: rules))
    }

    /// Donates `event` with `payload` (every declared field exactly once, type-checked) at
    /// `at`, and fires the `invalidate when` triggers it matches, in one journal group.
    mutating func donate(_ event: String, _ payload: [String: TipValue], at: Int64) throws(TipStoreError) {
        guard let e = catalog.eventIndex(named: event) else {
            if try donateRemoved(event, payload, at: at) { return }
            throw TipStoreError(.unknownEvent, "unknown event '\(event)'")
        }
        let values = try Engine.payload(payload, of: e, named: event, in: catalog)
        try commit([.donate(event: catalog.eventKey(e), at: at, payload: values)] + triggerRecords(event: e, payload: values, at: at))
    }

    /// The invalidations that a donation of `e` with `payload` triggers: every tip with a
    /// matching `invalidate when` that isn't invalidated yet (for a reusable tip, each
    /// instance the store knows). The VM decides the filters, with the same semantics as
    /// its queries.
    mutating func triggerRecords(event e: Int, payload: [String: JournalValue], at: Int64) -> [JournalRecord] {
        let slots = Engine.payloadSlots(catalog: catalog, event: e, payload, &rules)
        var out: [JournalRecord] = []
        var done = Set<String>()
        let tips = catalog.bundle.tips
        // Only the triggers on this event, in tip order (as a scan of every tip would meet them).
        for (t, i) in catalog.dependencies.triggersOfEvent[e] where vm.triggerFires(tip: t, trigger: i, event: e, payload: slots, in: rules) {
            let trigger = tips[t].triggers[i]
            for id in instanceIDs(of: t) where state.tips[id]?.invalidation == nil && !done.contains(id) {
                done.insert(id)
                out.append(.invalidate(tip: id, reason: Engine.reasonName(trigger.reason), at: at))
            }
        }
        return out
    }

    /// The ids of tip `t`: its own for a plain tip; for a reusable tip every instance
    /// addressed in this run or with state in the journal.
    func instanceIDs(of t: Int) -> [String] {
        guard catalog.isReusable(t) else { return [plain(t).id] }
        var ids = Set(instances.values.filter { $0.index == t }.map(\.id))
        for id in state.tips.keys where catalog.plainTipIDs[id] == nil && matches(id, catalog.bundle.tips[t].id) { ids.insert(id) }
        return ids.sorted()
    }

    /// The journal name of a bundle reason.
    static func reasonName(_ r: TipsBytecode.InvalidationReason) -> String {
        switch r {
        case .actionPerformed: return TipInvalidationReason.actionPerformed.rawValue
        case .displayCountExceeded: return TipInvalidationReason.displayCountExceeded.rawValue
        case .displayDurationExceeded: return TipInvalidationReason.displayDurationExceeded.rawValue
        case .tipClosed: return TipInvalidationReason.tipClosed.rawValue
        }
    }

    /// A presentation of `r` began (a second begin while one is open is the same
    /// presentation and records nothing).
    mutating func presentationBegan(_ r: ResolvedTip) throws(TipStoreError) {
        guard !isDisplayed(r) else { return }
        // The first presentation under a variant is the install's exposure to it.
        if !catalog.experimentOfTip.isEmpty, let exposure = presentationExposure(r) {
            try commit([exposure, .displayBegan(tip: r.id, at: rules.now)])
            return
        }
        try commit([.displayBegan(tip: r.id, at: rules.now)])
    }

    /// The presentation of `r` ended (no-op when none is open). The end of the
    /// `maxDisplayCount`-th presentation invalidates (`displayCountExceeded`); so does an
    /// end with the cumulative time at or past `maxDisplayDuration`.
    mutating func presentationEnded(_ r: ResolvedTip) throws(TipStoreError) {
        try commit(endRecords(r, at: rules.now))
    }

    /// The records that end `r`'s open presentation at `at` and apply the end-of-
    /// presentation limits (also used at open for presentations a previous run left open).
    func endRecords(_ r: ResolvedTip, at: Int64) -> [JournalRecord] {
        guard let t = state.tips[r.id], let since = t.openSince else { return [] }
        var records: [JournalRecord] = [.displayEnded(tip: r.id, at: at)]
        guard t.invalidation == nil else { return records }
        let options = options(ofTip: r.index)
        let elapsed = Engine.elapsed(from: since, to: at)
        let (total, overflow) = t.displayMs.addingReportingOverflow(elapsed)
        let cumulative = overflow ? Int64.max : total
        if let n = options.maxDisplayCount, t.displayCount >= Int64(n) {
            records.append(.invalidate(tip: r.id, reason: TipInvalidationReason.displayCountExceeded.rawValue, at: at))
        } else if let d = options.maxDisplayDuration, cumulative >= d {
            records.append(.invalidate(tip: r.id, reason: TipInvalidationReason.displayDurationExceeded.rawValue, at: at))
        }
        return records
    }

    /// Invalidates `r` (no-op when it already is: the first reason is kept).
    mutating func invalidate(_ r: ResolvedTip, reason: TipInvalidationReason) throws(TipStoreError) {
        guard state.tips[r.id]?.invalidation == nil else { return }
        try commit([.invalidate(tip: r.id, reason: reason.rawValue, at: rules.now)])
    }

    /// Returns `r` to rule evaluation, keeping donations, parameters and display counts.
    mutating func resetEligibility(_ r: ResolvedTip) throws(TipStoreError) {
        guard state.tips[r.id]?.invalidation != nil else { return }
        try commit([.resetEligibility(tip: r.id, at: rules.now)])
    }

    /// Forgets everything: parameters, donations, display and invalidation state.
    ///
    /// A tip on screen stays on screen, so its presentation is not forgotten with the rest:
    /// it ends at the reset and a new one begins at the same instant, in the same group.
    /// After the reset the tip has one display (this one), its display time counts from
    /// the reset, and its first display starts the display-frequency cooldown, exactly as
    /// if it had just been shown; `presentationEnded` later ends it as usual.
    mutating func resetStore() throws(TipStoreError) {
        let now = rules.now
        let open = openIDs.sorted()
        hintEnding(open, .storeReset)
        defer { events?.endingHint = [:] }
        try commit(open.map { .displayEnded(tip: $0, at: now) } + [.resetStore(at: now)]
                   + open.map { .displayBegan(tip: $0, at: now) })
    }

    /// The records that end every open presentation: at `instant` (display time credited,
    /// end-of-presentation limits applied), or with nil each at the instant it began (a
    /// presentation a previous run left open: no time credited, the limits still apply).
    func openPresentationEndings(at instant: Int64?) -> [JournalRecord] {
        var records: [JournalRecord] = []
        for id in openIDs.sorted() {
            guard let since = state.tips[id]?.openSince else { continue }
            let at = instant ?? since
            if let i = tipIndex(forID: id) {
                records += endRecords(ResolvedTip(index: i, id: id, tip: TipKey(catalog.tipName(i)), arguments: []), at: at)
            } else {
                records.append(.displayEnded(tip: id, at: at))
            }
        }
        return records
    }

    /// Runs the declared effects of action `actionID` of `r` in order, each seeing the
    /// previous ones' changes, and appends them as one group (all or nothing).
    mutating func perform(action actionID: String, of r: ResolvedTip) throws(TipStoreError) {
        let schema = catalog.bundle.tips[r.index]
        guard let action = schema.actions.first(where: { catalog.string($0.id) == actionID }) else {
            let ids = schema.actions.map { "'\(catalog.string($0.id))'" }
            let known = ids.isEmpty ? "it has no actions" : "actions: \(ids.joined(separator: ", "))"
            throw TipStoreError(.unknownAction, "tip '\(r.tip.name)' has no action '\(actionID)' (\(known))")
        }
        if let i = schema.actions.firstIndex(of: action), !shows(tip: r.index, item: UInt32(i)) {
            throw TipStoreError(.unknownAction, "tip '\(r.tip.name)' does not offer action '\(actionID)' now: "
                                + "its 'when' condition is false on \(platform.rawValue) in the current state")
        }
        let savedState = state, savedRules = rules, savedTransient = transient, savedOpen = openIDs
        let savedEvents = events
        events?.lastAction[r.id] = (actionID, rules.now)
        var records: [JournalRecord] = []
        func add(_ new: [JournalRecord]) {
            records += new
            for rec in new { apply(rec) }
        }
        let now = rules.now
        for effect in action.effects {
            switch effect {
            case .invalidate(let reason):
                if state.tips[r.id]?.invalidation == nil { add([.invalidate(tip: r.id, reason: Engine.reasonName(reason), at: now)]) }
            case .set(let param, let program):
                let p = catalog.bundle.params[Int(param)]
                let v = catalog.journalValue(vm.evaluate(Int(program), in: rules), as: p.type, in: rules)
                // As with setParameter: an unchanged value is no change, and a transient
                // parameter changes in memory only.
                if isUnchanged(param: Int(param), v) {
                } else if p.isTransient {
                    setTransient(Int(param), v)
                } else {
                    add([.param(name: catalog.paramKey(Int(param)), value: v, at: now)])
                }
            case .donate(let event, let programs):
                let fields = catalog.bundle.events[Int(event)].fields
                var payload: [String: JournalValue] = [:]
                for (f, program) in zip(fields, programs) {
                    payload[catalog.string(f.name)] = catalog.journalValue(vm.evaluate(Int(program), in: rules), as: f.type, in: rules)
                }
                add([.donate(event: catalog.eventKey(Int(event)), at: now, payload: payload)])
                add(triggerRecords(event: Int(event), payload: payload, at: now))
            case .snooze(let interval, let limit):
                add(snoozeRecords(r, interval: interval, limit: limit, at: now))
            }
        }
        guard !records.isEmpty else { return }
        switch persistence {
        case .synced(let journal):
            let before = journal.lastSequence
            do {
                let seq = try journal.append(contentsOf: records)
                // Another process wrote first: take the journal's state, which has both.
                if let seq, seq != before &+ UInt64(records.count) { reload(from: journal.state) }
            } catch {
                state = savedState
                rules = savedRules
                transient = savedTransient
                openIDs = savedOpen
                events = savedEvents
                latestFirstDisplayAt = cooldownStart(in: state)
                rebuildShownUnits()
                changedEverything()
                throw TipStoreError(.journal, "journal: \(error)")
            }
        case .background(let writer):
            writer.enqueue(records)
        case .memory:
            break
        }
    }
}
