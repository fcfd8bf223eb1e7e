import TipsBytecode
import TipsJournal
import TipsVM

extension Engine {
    /// How far ahead `explanation` looks for an instant at which time alone makes a tip
    /// available (400 days: past a yearly window and the longest cooldown).
    static let explanationHorizonMs: Int64 = 400 * 86_400_000

    /// Everything behind `r`'s status at `rules.now`. `probes` is a VM over the bundle with
    /// its probe programs appended (`VerifiedBundle.withProbePrograms()`).
    func explanation(_ r: ResolvedTip, probes: RuleVM, horizon: Int64 = Engine.explanationHorizonMs) -> TipExplanation {
        let b = catalog.bundle
        let schema = b.tips[r.index]
        let t = state.tips[r.id]
        let decision = overrides.decision(id: r.id, name: r.tip.name)
        // Rules and probes of an instance read its own argument values.
        let argumentsKnown = bindArguments(of: r, in: vm)
        _ = bindArguments(of: r, in: probes)
        var invalidated: TipExplanation.Invalidated? = nil
        if let reason = invalidation(r) {
            invalidated = .init(reason: reason, at: t?.invalidation?.at)
        }
        let rulesOut = schema.rules.enumerated().map { (i, p) in ruleExplanation(tip: r.index, rule: i, program: Int(p), probes: probes) }
        var ms = t?.displayMs ?? 0
        if let since = t?.openSince { ms = ms.addingReportingOverflow(max(0, rules.now &- since)).partialValue }
        let display = TipExplanation.Display(count: t?.displayCount ?? 0, maxCount: schema.options.maxDisplayCount.map(Int64.init),
                                             milliseconds: ms, maxMilliseconds: schema.options.maxDisplayDuration,
                                             isDisplayed: t?.openSince != nil,
                                             ignoresDisplayFrequency: schema.options.ignoresDisplayFrequency)
        let s = status(r)
        let place = groupPlace(r)
        var next = nextAvailability(r, status: s, rules: rulesOut, horizon: horizon)
        // Its own rules say yes (now, or at an instant), but its group shows another member
        // first: that is not "available now" for the app. In an ordered group time alone
        // never lets it through (an earlier member must be invalidated), so an instant is
        // no answer there either.
        var timeAlone = false
        if case .at = next { timeAlone = true }
        if next == .now || (timeAlone && place?.priority == "ordered"), let place, let by = place.heldBackBy {
            next = .blocked("held back by its group '\(place.name)': '\(by)' is \(place.heldBackReason ?? "current")")
        }
        if !argumentsKnown, s == .pending {
            next = .blocked("its rules read its arguments, and only its id '\(r.id)' is known: address the instance with its arguments")
        }
        var out = TipExplanation(name: r.tip.name, id: r.id, at: rules.now, status: s,
                                 override: decision == .show ? "show" : decision == .hide ? "hide" : nil,
                                 invalidation: invalidated, rules: rulesOut, cooldown: cooldownExplanation(r),
                                 display: display, group: place, next: next)
        out.arguments = argumentInputs(r)
        out.suspended = isSuspended(r.index)
        out.conditionalContent = conditionalItems(r)
        out.goal = conversion(r)
        out.variant = catalog.experimentOfTip.isEmpty ? nil : assignment(ofTip: r.index)
        out.snooze = snoozeExplanation(r)
        out.budgets = budgetExplanations(r)
        out.renewal = catalog.renewalOfTip[r.index].map { .init(after: $0, returnsAt: renewalDue(id: r.id, index: r.index)) }
        return out
    }

    private func cooldownExplanation(_ r: ResolvedTip) -> TipExplanation.Cooldown? {
        guard let end = cooldownEnd(), rules.now < end, let start = latestFirstDisplayAt else { return nil }
        let starter = state.tips.filter { $0.value.firstDisplayAt == start }.map(\.key).sorted().first ?? "?"
        var exemption: String? = nil
        if catalog.bundle.tips[r.index].options.ignoresDisplayFrequency { exemption = "ignoresDisplayFrequency" }
        else if (state.tips[r.id]?.displayCount ?? 0) > 0 { exemption = "displayed before" }
        return .init(startedBy: starter, startedAt: start, endsAt: end, holdsBack: heldBackByCooldown(r), exemption: exemption)
    }

    private func groupPlace(_ r: ResolvedTip) -> TipExplanation.GroupPlace? {
        guard let g = catalog.groupOfTip[r.index] else { return nil }
        let group = catalog.bundle.groups[g]
        let members = groupMembers(g)
        guard let position = members.firstIndex(where: { $0.id == r.id }) else { return nil }
        let current = currentMember(ofGroup: g)
        var by: String? = nil, why: String? = nil
        if current?.id != r.id {
            switch group.priority {
            case .firstAvailable:
                if let c = current {
                    by = memberLabel(c)
                    why = isDisplayed(c) ? "being displayed (no pre-emption)" : "earlier in the group and available"
                }
            case .ordered:
                for m in members[..<position] {
                    if case .invalidated = status(m) { continue }
                    by = memberLabel(m)
                    why = "earlier in the ordered group and not invalidated"
                    break
                }
            }
        }
        return .init(name: catalog.groupName(g), priority: group.priority == .ordered ? "ordered" : "firstAvailable",
                     position: position + 1, members: members.map(memberLabel), current: current.map(memberLabel),
                     heldBackBy: by, heldBackReason: why)
    }

    // MARK: - Rules

    private func ruleExplanation(tip: Int, rule i: Int, program p: Int, probes vm: RuleVM) -> TipExplanation.RuleExplanation {
        let b = catalog.bundle
        let holds = self.vm.evaluateRule(p, in: rules)
        let reads = b.programs[p].reads(in: b)
        let params = reads.parameters.map { k in
            TipExplanation.Input(name: catalog.paramName(k),
                                 value: ExplanationFormat.value(rules.params[k], b.params[k].type, catalog: catalog, state: rules))
        }
        var out = TipExplanation.RuleExplanation(number: i + 1, holds: holds, text: "", file: nil, line: 0, column: 0, probes: [],
                                                 parameters: params, events: reads.events.map { catalog.eventName($0) },
                                                 readsTime: reads.readsTime)
        guard b.explain.tips.indices.contains(tip), b.explain.tips[tip].indices.contains(i) else {
            if let e = b.programs[p].sourceMap.last { locate(e, &out) }
            return out
        }
        let x = b.explain.tips[tip][i]
        out.text = x.text
        locate(x.location, &out)
        let base = b.programs.count
        func run(_ k: UInt32) -> (Slot, ValueType) {
            let program = base + Int(k)
            return (vm.evaluate(program, in: rules), vm.verified.bundle.programs[program].resultType)
        }
        func text(_ k: UInt32) -> String {
            let (v, t) = run(k)
            if let field = calendarField(probe: k, vm.verified.bundle) { return LocalTimeText.field(field, v.intValue) }
            return ExplanationFormat.value(v, t, catalog: catalog, state: rules)
        }
        for probe in x.probes {
            var pv = TipExplanation.ProbeValue(kind: "\(probe.kind)", text: probe.text, line: Int(probe.line), column: Int(probe.column),
                                               holds: nil, negated: probe.isNegated, subject: probe.text, value: "",
                                               relation: nil, needs: nil, needsValue: nil, summary: "")
            switch probe.kind {
            case .term:
                pv.value = text(probe.program)
                pv.summary = "\(probe.text) = \(pv.value)"
            case .condition:
                let v = run(probe.program).0.boolValue
                pv.holds = v
                pv.value = v ? "true" : "false"
                pv.summary = "\(probe.text) = \(pv.value), needs \(probe.isNegated ? "false" : "true")"
            case .comparison:
                guard let l = probe.left, let r = probe.right else { continue }
                pv.holds = run(probe.program).0.boolValue
                // Put the side that reads state first: `3 <= count(e)` reads as `count(e) = 2, needs >= 3`.
                var (subject, other, relation) = (l, r, probe.relation)
                if Engine.isConstant(probe: l.program, b), !Engine.isConstant(probe: r.program, b) {
                    (subject, other, relation) = (r, l, relation.mirrored)
                }
                pv.subject = subject.text
                pv.value = text(subject.program)
                pv.relation = relation.description
                pv.needs = other.text
                let otherValue = text(other.program)
                // A constant side is what it says (`30d`); show the value of a computed one.
                if !Engine.isConstant(probe: other.program, b) { pv.needsValue = otherValue }
                let needs = (probe.isNegated ? "not " : "") + "\(relation) \(other.text)"
                pv.summary = "\(subject.text) = \(pv.value), needs \(needs)" + (pv.needsValue.map { " (= \($0))" } ?? "")
                if calendarField(probe: subject.program, vm.verified.bundle) != nil {
                    pv.summary += ": now is " + LocalTimeText.instant(rules.now, in: rules.zone)
                }
            }
            out.probes.append(pv)
        }
        return out
    }

    private func locate(_ e: SourceMapEntry, _ out: inout TipExplanation.RuleExplanation) {
        if e.file != noIndex, Int(e.file) < catalog.bundle.files.count { out.file = catalog.string(catalog.bundle.files[Int(e.file)]) }
        out.line = Int(e.line)
        out.column = Int(e.column)
    }

    /// The calendar field probe program `k` reads, when that is all it does (`month` in
    /// `month == .december`): its value is worded as a month, weekday or time.
    private func calendarField(probe k: UInt32, _ probes: TipsBundle) -> CalendarField? {
        let program = catalog.bundle.programs.count + Int(k)
        guard probes.programs.indices.contains(program) else { return nil }
        let code = probes.programs[program].code
        guard let first = code.first, first.opcode == .localTime, code.count == 2 else { return nil }
        return CalendarField(rawValue: UInt8(first.a))
    }

    /// True when probe program `k` reads nothing (no parameter, event, `now` or platform).
    static func isConstant(probe k: UInt32, _ b: TipsBundle) -> Bool {
        guard b.explain.programs.indices.contains(Int(k)) else { return false }
        let r = b.explain.programs[Int(k)].reads(in: b)
        return r.parameters.isEmpty && r.events.isEmpty && !r.readsClock && !r.readsPlatform && !r.readsZone && r.lifetimes.isEmpty
    }

    // MARK: - When

    /// Searches forward from `rules.now` through the instants at which time alone can change
    /// a status (the runtime's wake-up candidates, `nextBreakpoint`), evaluating the status
    /// at each, up to `horizon`.
    ///
    /// Candidates come per donation (each one's instant shifted by every window and age),
    /// so a long journal gives thousands, and evaluating a filtered window scans it. So a
    /// rule that doesn't read `now` itself is evaluated again only where something it reads
    /// has changed (the matching donations in one of its ranges, see `TimeInputs`); at the
    /// other candidates its value is the one it had. `skipUnchanged: false` evaluates the
    /// full status at every candidate (the reference the tests hold it to).
    func nextAvailability(_ r: ResolvedTip, status s: TipStatus, rules explained: [TipExplanation.RuleExplanation],
                          horizon: Int64, skipUnchanged: Bool = true) -> NextAvailability {
        if s == .available { return .now }
        if isSuspended(r.index) { return .blocked("suspended by the live catalog; a newer suspension document lifts it") }
        let limit = rules.now.addingReportingOverflow(horizon).partialValue
        if case .invalidated(let reason) = s {
            // A declared renewal returns it to its rules at a known instant: search on from
            // there; without one, nothing time does brings it back.
            guard let due = renewalDue(id: r.id, index: r.index) else {
                return .blocked("invalidated (\(reason.rawValue)); only resetEligibility or resetStore returns it")
            }
            if due > limit {
                return .blocked("invalidated (\(reason.rawValue)); its renewal returns it to its rules at "
                                + "\(ExplanationFormat.date(due)), past the horizon")
            }
        }
        if overrides.decision(id: r.id, name: r.tip.name) == .hide { return .blocked("hidden by a testing override") }
        // Nothing the rules read changes a holdout: saying which inputs must change would mislead.
        if !catalog.experimentOfTip.isEmpty, isHeldOut(r.index), let a = assignment(ofTip: r.index) {
            return .blocked("in the holdout of experiment \(a.experiment): this install is never shown it")
        }
        var probe = self
        probe.observers = [0: Observer(target: .tip(r), sink: .callback { _ in }, last: nil)]
        probe.events = nil
        // The memo reads `r`'s argument values as bound now (its time inputs and the rule
        // values it keeps depend on them), and the VM is shared: evaluating the group just
        // before may have left another instance of the same tip bound. Nothing in the loop
        // binds another instance. Values that cannot be bound: every candidate as `status`.
        let skip = skipUnchanged && bindArguments(of: r, in: vm)
        var memo = RuleMemo(programs: skip ? catalog.bundle.tips[r.index].rules.map(Int.init) : [], vm: vm, state: rules)
        var steps = 0
        while steps < 100_000, let next = probe.nextBreakpoint(), next <= limit {
            steps += 1
            probe.rules.now = next
            // What the store would write at this instant: the renewals then due (in memory:
            // the probe never writes to the journal).
            probe.applyDueRenewalsInMemory()
            switch skip ? probe.status(r, memo: &memo) : probe.status(r) {
            case .available: return .at(next)
            case .invalidated(let reason):
                if probe.nextRenewal(of: r) != nil { continue }
                return .blocked("invalidated (\(reason.rawValue)) at \(ExplanationFormat.date(next)) before it could show")
            case .pending, .notInLiveCatalog, .snoozed: continue
            }
        }
        // Only a budget holds it back (its rules hold now), and time does not free it: say so.
        if catalog.budgets.hasBudget, rulesHold(r), let hold = budgetHold(r, naming: true) {
            return .blocked(budgetBlockReason(hold))
        }
        // Name what must change: the rules false now that are still false at the horizon
        // (time alone does not turn them; `now >= launchDate` is left out once it would).
        probe.rules.now = limit
        let tipRules = catalog.bundle.tips[r.index].rules
        _ = bindArguments(of: r, in: vm)
        var failing = explained.filter { rule in
            !rule.holds && !(tipRules.indices.contains(rule.number - 1) && vm.evaluateRule(Int(tipRules[rule.number - 1]), in: probe.rules))
        }
        if failing.isEmpty { failing = explained.filter { !$0.holds } }
        var inputs: [String] = []
        for rule in failing {
            for p in rule.parameters where !inputs.contains("param \(p.name)") { inputs.append("param \(p.name)") }
            for e in rule.events where !inputs.contains("event \(e)") { inputs.append("event \(e)") }
        }
        return .needsInput(rules: failing.map(\.number), inputs: inputs)
    }

    /// `status(r)` at `rules.now` for the search above, where neither the state nor the
    /// overrides change (a showing override or a hiding one already answered): the rules
    /// through `memo`, the rest as `status` has it.
    private func status(_ r: ResolvedTip, memo: inout RuleMemo) -> TipStatus {
        if let reason = invalidation(r) { return .invalidated(reason) }
        if let until = snoozedUntil(r) { return .snoozed(until: until) }
        if heldBackByCooldown(r) { return .pending }
        guard memo.rulesHold(in: rules) else { return .pending }
        if catalog.budgets.hasBudget, heldBackByBudget(r) { return .pending }
        return .available
    }
}

extension Relation {
    /// The relation with its operands swapped (`a <= b` is `b >= a`).
    var mirrored: Relation {
        switch self {
        case .lt: .gt
        case .le: .ge
        case .gt: .lt
        case .ge: .le
        default: self
        }
    }
}
