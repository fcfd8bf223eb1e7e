import TipsBytecode
import TipsJournal
import TipsVM

/// Goals and conversions (Docs/events.md, "converted"). A tip (each reusable instance)
/// converts at most once: at the earliest donation of its goal's event that passes the goal's
/// filter and falls within the window after its first presentation began (both ends included).
/// That is a function of the journal's state alone, so replay, reopening and merging give the
/// same answer and never a second conversion; the sink hears of it when the donation is
/// applied in this process.
extension Engine {
    /// The conversion state of `r`, or nil when its tip has no goal.
    func conversion(_ r: ResolvedTip) -> TipConversion? {
        guard let g = catalog.goalOfTip[r.index] else { return nil }
        let goal = catalog.bundle.goals[g]
        var out = TipConversion(goal: goalText(goal), event: catalog.eventName(Int(goal.event)), window: goal.window)
        guard let first = windowStart(tip: r.index, id: r.id) else { return out }
        out.firstShownAt = first
        out.startsAtExposure = state.tips[r.id]?.firstDisplayAt == nil
        out.windowEndsAt = Engine.windowEnd(first, goal.window)
        // Matching interns the payloads' strings: a scratch copy, as explaining changes nothing.
        var scratch = self
        if let at = scratch.convertingDonation(goal, firstShown: first) {
            out.convertedAt = at
            out.presentation = state.tips[r.id]?.firstDisplayAt == nil ? nil : presentationID(r, ordinal: 1, began: first)
        }
        return out
    }

    /// The `converted` events a donation of event `e` at `at` with `payload` makes, read
    /// before it is folded into `state`: each tip with a goal on `e` (each known instance)
    /// that was shown, has `at` in its window, was not converted yet, and whose filter the
    /// payload passes.
    mutating func recordConversions(event e: Int, at: Int64, payload: [String: JournalValue]) {
        var slots: [Slot]? = nil
        for g in catalog.goalsOfEvent[e] {
            let goal = catalog.bundle.goals[g]
            let t = Int(goal.tip)
            for id in instanceIDs(of: t) {
                guard let first = windowStart(tip: t, id: id), at >= first, at <= Engine.windowEnd(first, goal.window),
                      convertingDonation(goal, firstShown: first) == nil else { continue }
                if slots == nil { slots = Engine.payloadSlots(catalog: catalog, event: e, payload, &rules) }
                guard let slots, passes(goal, slots), let r = resolvedForEvent(id: id) else { continue }
                let shown = state.tips[id]?.firstDisplayAt != nil
                emit(.converted(presentation: shown ? presentationID(r, ordinal: 1, began: first) : nil), r, at: at)
            }
        }
    }

    /// Where a goal's window starts: the first presentation, or for an install in the holdout
    /// of the tip's experiment (never shown) its exposure, the moment it would have been shown,
    /// so a report can compare the holdout's conversions with the variants'.
    func windowStart(tip: Int, id: String) -> Int64? {
        if let first = state.tips[id]?.firstDisplayAt { return first }
        guard let xi = catalog.experimentOfTip[tip] else { return nil }
        let key = Exposure.Key(tip: catalog.tipName(tip), experiment: catalog.string(catalog.bundle.experiments[xi].name))
        guard let e = state.exposures[key], e.variant == VariantAssignment.holdout else { return nil }
        return e.at
    }

    /// The instant of the earliest donation that converts a tip first shown at `first`.
    private mutating func convertingDonation(_ goal: GoalSchema, firstShown first: Int64) -> Int64? {
        guard let list = state.donations[catalog.eventKey(Int(goal.event))] else { return nil }
        let end = Engine.windowEnd(first, goal.window)
        // Donations are sorted by time: skip to the first at or after the first presentation.
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].at < first { lo = mid + 1 } else { hi = mid }
        }
        for d in list[lo...] {
            guard d.at <= end else { break }
            if goal.filter == noIndex { return d.at }
            let slots = Engine.payloadSlots(catalog: catalog, event: Int(goal.event), d.payload, &rules)
            if passes(goal, slots) { return d.at }
        }
        return nil
    }

    private func passes(_ goal: GoalSchema, _ slots: [Slot]) -> Bool {
        goal.filter == noIndex || vm.filterMatches(Int(goal.filter), event: Int(goal.event), payload: slots, in: rules)
    }

    /// The last instant of a window of `window` ms from `start` (saturating).
    static func windowEnd(_ start: Int64, _ window: Int64) -> Int64 {
        let (end, overflow) = start.addingReportingOverflow(window)
        return overflow ? Int64.max : end
    }

    /// `event [where field == value && ...] within D`, as the catalog wrote it.
    func goalText(_ goal: GoalSchema) -> String {
        let b = catalog.bundle
        let event = b.events[Int(goal.event)]
        var s = catalog.eventName(Int(goal.event))
        if goal.filter != noIndex {
            let terms = b.filters[Int(goal.filter)].terms.map { term -> String in
                let field = catalog.string(event.fields[Int(term.field)].name)
                switch term.relation {
                case .isTrue: return field
                case .isFalse: return "!" + field
                default: return "\(field) \(term.relation) \(constantText(b.constants[Int(term.constant)]))"
                }
            }
            s += " where " + terms.joined(separator: " && ")
        }
        return s + " within " + ExplanationFormat.duration(goal.window)
    }

    private func constantText(_ c: Constant) -> String {
        if c.isNil { return "nil" }
        switch c.type.kind {
        case .bool: return c.bits != 0 ? "true" : "false"
        case .int: return String(Int64(bitPattern: c.bits))
        case .double: return ExplanationFormat.double(Double(bitPattern: c.bits))
        case .string: return ExplanationFormat.value(.string(catalog.string(UInt32(truncatingIfNeeded: c.bits))))
        case .enumeration:
            let cases = catalog.cases(ofEnum: c.type.enumIndex)
            return Int(c.bits) < cases.count ? "." + cases[Int(c.bits)] : "?"
        case .date: return ExplanationFormat.date(Int64(bitPattern: c.bits))
        case .duration: return ExplanationFormat.duration(Int64(bitPattern: c.bits))
        case .stringSet: return "[…]"
        }
    }
}
