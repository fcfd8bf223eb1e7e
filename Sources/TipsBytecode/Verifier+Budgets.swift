extension Verifier {
    /// Budgets are 0 (none) to `BudgetSchema.maxBudget`; each tip entry names a tip, in
    /// ascending order, with a priority in `BudgetSchema.priorities` and something to say
    /// (a priority other than 0 or the exemption); `together` groups are groups, ascending.
    func checkBudgets() throws(BundleError) {
        let b = bundle.budgets
        let site = ErrorSite.item(.budgets, 0)
        guard b.perDay <= BudgetSchema.maxBudget, b.perLaunch <= BudgetSchema.maxBudget else {
            throw .invalidValue(site, rule: "a display budget is 0 to \(BudgetSchema.maxBudget) tips")
        }
        var previous: UInt32? = nil
        for (i, t) in b.tips.enumerated() {
            let site = ErrorSite.item(.budgets, i)
            try tipEntry(t.tip, after: &previous, site, entries: "budget entries")
            guard BudgetSchema.priorities.contains(t.priority) else {
                throw .invalidValue(site, rule: "a priority is \(BudgetSchema.priorities.lowerBound) to \(BudgetSchema.priorities.upperBound)")
            }
            guard t.priority != 0 || t.exempt else {
                throw .invalidValue(site, rule: "a budget entry has a priority other than 0 or an exemption")
            }
        }
        previous = nil
        for g in b.togetherGroups {
            try index(g, bundle.groups.count, .group, site)
            if let previous, g <= previous { throw .invalidValue(site, rule: "together groups are ascending, each once") }
            previous = g
        }
    }
}
