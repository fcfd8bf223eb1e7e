/// Why a tip has the status it has: everything the store knows about it, for debugging
/// screens, logs and `tipc status`.
public struct TipReport: Hashable, Sendable {
    /// The tip as addressed.
    public var tip: TipKey
    /// Its instance id (the journal key).
    public var id: String
    /// Its status now.
    public var status: TipStatus
    /// Each rule's result now, in declaration order (all must hold).
    public var rules: [Bool]
    /// Presentations begun.
    public var displayCount: Int64
    /// Cumulative display time in ms, the open presentation included.
    public var displayMilliseconds: Int64
    /// True while a presentation is open.
    public var isDisplayed: Bool
    /// When it was invalidated (recorded in the journal), if it was.
    public var invalidatedAt: Int64?
    /// True when the app-wide display-frequency cooldown holds it back.
    public var heldBackByCooldown: Bool
    /// True when its rules hold and a display budget is what keeps it pending (used up, or
    /// its places left go to higher-priority tips).
    public var heldBackByBudget: Bool = false
    /// `"show"` or `"hide"` when a testing override decides its status, else nil.
    public var override: String?
}

extension Engine {
    /// The report of `r` at `rules.now`.
    func report(_ r: ResolvedTip) -> TipReport {
        let t = state.tips[r.id]
        var ms = t?.displayMs ?? 0
        if let since = t?.openSince { let (sum, overflow) = ms.addingReportingOverflow(Engine.elapsed(from: since, to: rules.now))
            ms = overflow ? Int64.max : sum }
        let decision = overrides.decision(id: r.id, name: r.tip.name)
        _ = bindArguments(of: r, in: vm)
        let status = status(r)
        let ruleValues = catalog.bundle.tips[r.index].rules.map { vm.evaluateRule(Int($0), in: rules) }
        let cooldown = heldBackByCooldown(r)
        var report = TipReport(tip: r.tip, id: r.id, status: status, rules: ruleValues,
                               displayCount: t?.displayCount ?? 0, displayMilliseconds: ms, isDisplayed: t?.openSince != nil,
                               invalidatedAt: t?.invalidation?.at, heldBackByCooldown: cooldown,
                               override: decision == .show ? "show" : decision == .hide ? "hide" : nil)
        report.heldBackByBudget = status == .pending && !cooldown && decision == .none && catalog.budgets.hasBudget
            && ruleValues.allSatisfy { $0 } && heldBackByBudget(r)
        return report
    }
}
