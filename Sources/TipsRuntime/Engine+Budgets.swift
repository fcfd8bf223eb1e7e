import TipsBytecode
import TipsJournal
import TipsVM

/// Display budgets and priority (Docs/semantics.md, "Display budgets and priority"): a
/// budget counts the tips shown in its window, every display counting; a tip shown in the
/// window keeps its place; a tip outside it waits while the places are used, or while as
/// many offered tips of a higher priority compete for the places left.
extension Engine {
    /// A budget's window: the current local day, or this launch.
    enum BudgetWindow: String, Sendable {
        case day, launch
    }

    /// Why a budget holds a tip back.
    struct BudgetHold: Sendable, Hashable {
        var window: BudgetWindow
        var limit: Int
        /// The units shown in the window (their latest presentations), latest first.
        var used: [UnitShow]
        /// When the places left go to higher-priority tips: those tips' labels.
        var higher: [String]
    }

    /// The budget unit tip `index` with id `id` belongs to; nil for an exempt tip.
    func budgetUnit(index: Int, id: String) -> BudgetUnit? {
        if catalog.budgets.exempt[index] { return nil }
        if let g = catalog.groupOfTip[index], catalog.budgets.together.contains(g) { return .group(g) }
        return .tip(id)
    }

    /// `shownUnits` from `state`: every non-exempt tip's latest presentation, by unit.
    mutating func rebuildShownUnits() {
        shownUnits = [:]
        guard catalog.budgets.hasBudget else { return }
        for (id, t) in state.tips {
            guard let at = t.lastDisplayAt, let i = tipIndex(forID: id) else { continue }
            noteShown(index: i, id: id, at: at)
        }
    }

    /// Records that tip `index` (id `id`) began a presentation at `at`.
    mutating func noteShown(index: Int, id: String, at: Int64) {
        guard let unit = budgetUnit(index: index, id: id) else { return }
        if let old = shownUnits[unit], old.at >= at { return }
        shownUnits[unit] = UnitShow(at: at, id: id)
    }

    /// The first instant of the local day holding `now` in the rules' zone (local midnight;
    /// where a zone skips midnight, the instant its clock jumps past it).
    func localDayStart(at now: Int64) -> Int64 {
        let zone = rules.zone
        let offset = zone.offset(at: now)
        let (local, overflow) = now.addingReportingOverflow(offset)
        guard !overflow else { return now }
        let wall = CivilDate.day(local) &* CivilDate.dayMs
        var t = wall &- offset
        let there = zone.offset(at: t)
        if there != offset { t = wall &- there }
        // A midnight that falls in a gap maps past `now`'s day start only in odd zones:
        // never start a day after the instant it holds.
        return min(t, now)
    }

    /// The first instant of the next local day (the next local midnight after `now`).
    func nextLocalDayStart(after now: Int64) -> Int64? {
        let start = localDayStart(at: now)
        // Local days last 23 to 25 hours, so start + 26 h lies in the next day; a zone that
        // skips a whole day (Samoa, 2011) needs one more day.
        var probe = start.addingReportingOverflow(26 * 3_600_000).partialValue
        var next = localDayStart(at: probe)
        if next <= now { probe = probe.addingReportingOverflow(24 * 3_600_000).partialValue; next = localDayStart(at: probe) }
        return next > now ? next : nil
    }

    /// The start of `window` at `rules.now`.
    func windowStart(_ window: BudgetWindow) -> Int64 {
        switch window {
        case .day: return localDayStart(at: rules.now)
        case .launch: return launchStartedAt
        }
    }

    /// The units shown in `window`: their latest presentation began in it, or they are
    /// on screen now. Latest first.
    func unitsShown(in window: BudgetWindow) -> [BudgetUnit: UnitShow] {
        let start = windowStart(window)
        var out: [BudgetUnit: UnitShow] = [:]
        for (unit, show) in shownUnits where show.at >= start { out[unit] = show }
        for id in openIDs {
            guard let i = tipIndex(forID: id), let unit = budgetUnit(index: i, id: id), out[unit] == nil else { continue }
            out[unit] = shownUnits[unit] ?? UnitShow(at: state.tips[id]?.openSince ?? rules.now, id: id)
        }
        return out
    }

    /// The budgets in force, with their limits.
    var budgetWindows: [(BudgetWindow, Int)] {
        var out: [(BudgetWindow, Int)] = []
        if catalog.budgets.perDay > 0 { out.append((.day, catalog.budgets.perDay)) }
        if catalog.budgets.perLaunch > 0 { out.append((.launch, catalog.budgets.perLaunch)) }
        return out
    }

    /// Whether `unit` is shown in the window starting at `start`: its latest presentation
    /// began at or after it, or it is on screen now.
    func isShown(_ unit: BudgetUnit, since start: Int64) -> Bool {
        if let show = shownUnits[unit], show.at >= start { return true }
        for id in openIDs {
            if let i = tipIndex(forID: id), budgetUnit(index: i, id: id) == unit { return true }
        }
        return false
    }

    /// How many units are shown in the window starting at `start` (no allocation: this
    /// runs on every status call of a catalog with a budget).
    func shownCount(since start: Int64) -> Int {
        var n = 0
        for show in shownUnits.values where show.at >= start { n += 1 }
        // A presentation that began before the window and is still on screen counts too.
        for id in openIDs {
            guard let i = tipIndex(forID: id), let unit = budgetUnit(index: i, id: id) else { continue }
            if let show = shownUnits[unit], show.at >= start { continue }
            n += 1
        }
        return n
    }

    /// Whether a budget holds `r` back now (the cheap question `status` asks).
    func heldBackByBudget(_ r: ResolvedTip) -> Bool { budgetHold(r) != nil }

    /// The first budget that holds `r` back now, and why; nil when none does (no budget,
    /// an exempt tip, one shown in every window, or places left that no higher-priority
    /// tip competes for). `naming`: fill in who used the places (for explanations).
    func budgetHold(_ r: ResolvedTip, naming: Bool = false) -> BudgetHold? {
        let budgets = catalog.budgets
        guard budgets.hasBudget, let unit = budgetUnit(index: r.index, id: r.id) else { return nil }
        // Not over `budgetWindows`: that array would be an allocation on every status call.
        func hold(_ window: BudgetWindow, _ limit: Int) -> BudgetHold? {
            let start = windowStart(window)
            if isShown(unit, since: start) { return nil }
            let used = shownCount(since: start)
            if used >= limit {
                return BudgetHold(window: window, limit: limit, used: naming ? shownList(window) : [], higher: [])
            }
            let mine = budgets.priority[r.index]
            guard mine < budgets.highestPriority else { return nil }
            let left = limit - used
            let higher = higherPriorityCompetitors(than: mine, since: start, upTo: naming ? Int.max : left)
            guard higher.count >= left else { return nil }
            return BudgetHold(window: window, limit: limit, used: naming ? shownList(window) : [], higher: higher)
        }
        if budgets.perDay > 0, let h = hold(.day, budgets.perDay) { return h }
        if budgets.perLaunch > 0, let h = hold(.launch, budgets.perLaunch) { return h }
        return nil
    }

    /// The units shown in `window`, latest first (for explanations).
    func shownList(_ window: BudgetWindow) -> [UnitShow] {
        unitsShown(in: window).values.sorted { $0.at != $1.at ? $0.at > $1.at : $0.id < $1.id }
    }

    /// The offered tips with a priority above `priority` that are not shown in the window
    /// starting at `start`, one per budget unit and per group, as labels; stops at `limit`. Offered:
    /// available now and, in an `ordered` group, at its turn. A competitor's own status
    /// looks only at priorities above its own, so this never loops.
    func higherPriorityCompetitors(than priority: Int16, since start: Int64, upTo limit: Int) -> [String] {
        let budgets = catalog.budgets
        var seen = Set<BudgetUnit>()
        var seenGroups = Set<Int>()
        var out: [String] = []
        func candidates(_ i: Int) -> [ResolvedTip] {
            guard catalog.isReusable(i) else { return [plain(i)] }
            return instanceOrder.compactMap { id in instances[id].flatMap { $0.index == i ? $0 : nil } }
        }
        for i in budgets.ranked {
            guard budgets.priority[i] > priority, out.count < limit else { break }
            for c in candidates(i) {
                guard out.count < limit, let unit = budgetUnit(index: c.index, id: c.id), !seen.contains(unit),
                      !isShown(unit, since: start) else { continue }
                let g = catalog.groupOfTip[c.index]
                if let g, seenGroups.contains(g) { continue }
                if let g, catalog.bundle.groups[g].priority == .ordered {
                    // At its turn only when every earlier member is invalidated.
                    let members = groupMembers(g)
                    guard let at = members.firstIndex(where: { $0.id == c.id }),
                          members[..<at].allSatisfy({ invalidation($0) != nil }) else { continue }
                }
                guard status(c) == .available else { continue }
                seen.insert(unit)
                if let g { seenGroups.insert(g) }
                out.append(memberLabel(c))
            }
        }
        return out
    }

    /// Whether group `g` flows as one unit and has started (a member has been displayed):
    /// its members skip the display-frequency cooldown.
    func groupFlowsOn(_ r: ResolvedTip) -> Bool {
        guard let g = catalog.groupOfTip[r.index], catalog.budgets.together.contains(g) else { return false }
        return groupMembers(g).contains { ($0.id == r.id ? 0 : state.tips[$0.id]?.displayCount ?? 0) > 0 }
    }

    /// The start of the display-frequency cooldown: the latest first presentation of a tip,
    /// where a `together` group's members count as one tip (its first member's first
    /// presentation; the later members' do not start it again).
    func cooldownStart(in state: JournalState) -> Int64? {
        guard !catalog.budgets.together.isEmpty else { return state.latestFirstDisplayAt }
        var groupFirst: [Int: Int64] = [:]
        var latest: Int64? = nil
        for (id, t) in state.tips {
            guard let first = t.firstDisplayAt else { continue }
            if let i = tipIndex(forID: id), let g = catalog.groupOfTip[i], catalog.budgets.together.contains(g) {
                groupFirst[g] = min(groupFirst[g] ?? first, first)
            } else {
                latest = max(latest ?? first, first)
            }
        }
        for first in groupFirst.values { latest = max(latest ?? first, first) }
        return latest
    }
}

extension Engine {
    /// What `explain` says about each budget in force for `r` (empty: no budget).
    func budgetExplanations(_ r: ResolvedTip) -> [TipExplanation.Budget] {
        guard catalog.budgets.hasBudget else { return [] }
        let unit = budgetUnit(index: r.index, id: r.id)
        let hold = budgetHold(r, naming: true)
        return budgetWindows.map { window, limit in
            let shown = shownList(window)
            let used = shown.map { TipExplanation.Budget.Use(tip: label(forID: $0.id), at: ExplanationFormat.date($0.at)) }
            let times = shown.map { s in
                window == .day ? LocalTimeText.clock((s.at &+ rules.zone.offset(at: s.at)) - CivilDate.day(s.at &+ rules.zone.offset(at: s.at)) &* CivilDate.dayMs)
                    : ExplanationFormat.date(s.at)
            }
            let holds = hold?.window == window
            var exemption: String? = nil
            if !holds {
                if unit == nil { exemption = "ignoresDisplayBudget" }
                else if let unit, isShown(unit, since: windowStart(window)) {
                    exemption = window == .day ? "shown today" : "shown in this launch"
                }
            }
            return TipExplanation.Budget(window: window.rawValue, limit: limit, used: used, holdsBack: holds,
                                     higherPriority: holds ? hold?.higher ?? [] : [], exemption: exemption, usedLocalTimes: times)
        }
    }

    /// How explanations name the tip with instance id `id`: a plain tip by name, an instance by id.
    func label(forID id: String) -> String {
        guard let i = tipIndex(forID: id), !catalog.isReusable(i) else { return id }
        return catalog.tipName(i)
    }

    /// `next` for a tip only a budget holds back, when time alone does not free it.
    func budgetBlockReason(_ hold: BudgetHold) -> String {
        let name = hold.window == .day ? "today's budget" : "this launch's budget"
        if !hold.higher.isEmpty {
            return "held back: the places left in \(name) of \(hold.limit) go first to "
                + hold.higher.joined(separator: ", ") + " (higher priority)"
        }
        let users = hold.used.map { label(forID: $0.id) }.joined(separator: ", ")
        return "held back: \(name) of \(hold.limit) is used by \(users)"
            + (hold.window == .launch ? "; the next launch renews it" : "")
    }
}
