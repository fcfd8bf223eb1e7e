import TipsBytecode

/// A catalog's display budgets, tips' priorities and exemptions, and `together` groups,
/// laid out for the checks every status call makes (Docs/semantics.md, "Display budgets").
struct BudgetRules: Sendable {
    /// Tips per local day and per launch (0: none).
    let perDay: Int
    let perLaunch: Int
    /// Each tip's priority (0 unless declared) and exemption, by tip index.
    let priority: [Int16]
    let exempt: [Bool]
    /// The highest priority any tip declares: a tip at it has no one above it to wait for.
    let highestPriority: Int16
    /// Whether any tip declares a priority other than 0 (then one tip's status can hang on
    /// another's, and observers are all told on any change).
    let hasPriorities: Bool
    /// The groups that flow as one unit, by group index.
    let together: Set<Int>
    /// Tip indices by priority, highest first (ties in declaration order): a tip's
    /// competitors are a prefix of it, so finding them never scans the lower priorities.
    let ranked: [Int]

    init(_ b: TipsBundle) {
        perDay = Int(b.budgets.perDay)
        perLaunch = Int(b.budgets.perLaunch)
        var priority = [Int16](repeating: 0, count: b.tips.count)
        var exempt = [Bool](repeating: false, count: b.tips.count)
        for t in b.budgets.tips {
            priority[Int(t.tip)] = t.priority
            exempt[Int(t.tip)] = t.exempt
        }
        self.priority = priority
        self.exempt = exempt
        highestPriority = priority.max() ?? 0
        hasPriorities = priority.contains { $0 != 0 }
        together = Set(b.budgets.togetherGroups.map(Int.init))
        ranked = priority.indices.sorted { priority[$0] != priority[$1] ? priority[$0] > priority[$1] : $0 < $1 }
    }

    /// Whether the catalog has a budget at all.
    var hasBudget: Bool { perDay > 0 || perLaunch > 0 }
}
