import TipsBytecode
import TipsJournal

extension Engine {
    /// The status of `r` at `rules.now`, per the semantics contract: a tip the live
    /// catalog's kill switch suspends is pending; otherwise a showing override wins over everything; then invalidation (recorded, or a display
    /// duration limit reached during the current presentation); then a hiding override;
    /// then the display-frequency cooldown and the rules.
    func status(_ r: ResolvedTip) -> TipStatus {
        // The live catalog's kill switch hides a tip whatever else holds, overrides included.
        if isSuspended(r.index) { return .pending }
        let decision = overrides.isActive ? overrides.decision(id: r.id, name: r.tip.name) : .none
        if decision == .show { return .available }
        if let reason = invalidation(r) { return .invalidated(reason) }
        if let until = snoozedUntil(r) { return .snoozed(until: until) }
        if decision == .hide { return .pending }
        // The holdout of an experiment: eligible, never shown.
        if !catalog.experimentOfTip.isEmpty, isHeldOut(r.index) { return .pending }
        if heldBackByCooldown(r) { return .pending }
        guard rulesHold(r) else { return .pending }
        // Last: a budget's priority question asks other tips' statuses, which costs most.
        if catalog.budgets.hasBudget, heldBackByBudget(r) { return .pending }
        return .available
    }

    /// Whether the kill switch in force hides tip `index`.
    func isSuspended(_ index: Int) -> Bool {
        suspendsAll || (!suspendedTips.isEmpty && suspendedTips.contains(index))
    }

    /// The tip's invalidation reason, if it is invalidated now: a recorded one, or the
    /// duration limit reached while displayed (recorded by `settle` at the next occasion).
    func invalidation(_ r: ResolvedTip) -> TipInvalidationReason? {
        if let inv = state.tips[r.id]?.invalidation {
            // A reason this runtime doesn't know (written by a newer one) still invalidates.
            return TipInvalidationReason(rawValue: inv.reason) ?? .actionPerformed
        }
        if let at = durationLimitInstant(r), at <= rules.now { return .displayDurationExceeded }
        return nil
    }

    /// While `r` is displayed and has `maxDisplayDuration d`: the instant at which the
    /// cumulative display time reaches d *and* the current presentation has lasted 60 s.
    func durationLimitInstant(_ r: ResolvedTip) -> Int64? {
        guard let d = options(ofTip: r.index).maxDisplayDuration,
              let t = state.tips[r.id], let since = t.openSince else { return nil }
        let remaining = max(Engine.minimumPresentationMs, d.subtractingReportingOverflow(t.displayMs).partialValue)
        let (at, overflow) = since.addingReportingOverflow(remaining)
        return overflow ? Int64.max : at
    }

    /// `to - from`, 0 when negative (a clock moved back), saturating instead of wrapping.
    static func elapsed(from: Int64, to: Int64) -> Int64 {
        let (d, overflow) = to.subtractingReportingOverflow(from)
        if overflow { return to > from ? Int64.max : 0 }
        return max(0, d)
    }

    /// The display-duration rule's minimum presentation length (pinned: 60 s).
    static let minimumPresentationMs: Int64 = 60_000

    /// True when the app-wide cooldown holds `r` back: the frequency is not immediate, the
    /// tip has never been displayed and doesn't ignore the frequency, another tip's
    /// first presentation began less than the interval ago, and it is not the next member
    /// of a `together` group that started.
    func heldBackByCooldown(_ r: ResolvedTip) -> Bool {
        guard let end = cooldownEnd(), rules.now < end else { return false }
        if catalog.bundle.tips[r.index].options.ignoresDisplayFrequency { return false }
        guard (state.tips[r.id]?.displayCount ?? 0) == 0 else { return false }
        // A `together` group that started flows on: its next members do not wait.
        return catalog.budgets.together.isEmpty || !groupFlowsOn(r)
    }

    /// When the current cooldown ends (nil: immediate frequency or no display yet).
    func cooldownEnd() -> Int64? {
        let frequency = catalog.bundle.configuration.displayFrequency
        guard frequency > 0, let start = latestFirstDisplayAt else { return nil }
        let (end, overflow) = start.addingReportingOverflow(frequency)
        return overflow ? Int64.max : end
    }

    /// Whether `r` is being presented (a begin without an end).
    func isDisplayed(_ r: ResolvedTip) -> Bool { state.tips[r.id]?.openSince != nil }

    /// The group's current tip: for `firstAvailable` the displayed available member (no
    /// pre-emption) or else the first available one; for `ordered` the first member that
    /// is not invalidated, if it is available.
    func currentMember(ofGroup g: Int) -> ResolvedTip? {
        let group = catalog.bundle.groups[g]
        let members = groupMembers(g)
        switch group.priority {
        case .firstAvailable:
            let statuses = members.map { status($0) }
            for (m, s) in zip(members, statuses) where s == .available && isDisplayed(m) { return m }
            return zip(members, statuses).first { $0.1 == .available }?.0
        case .ordered:
            for m in members {
                let s = status(m)
                if case .invalidated = s { continue }
                return s == .available ? m : nil
            }
            return nil
        }
    }

    /// Every tip the store can name now: plain tips in declaration order, then the
    /// reusable instances addressed in this run, by id.
    func knownTips() -> [ResolvedTip] {
        var out: [ResolvedTip] = []
        for i in catalog.bundle.tips.indices where !catalog.isReusable(i) { out.append(plain(i)) }
        for id in instances.keys.sorted() { if let r = instances[id] { out.append(r) } }
        return out
    }
}
