/// Display budgets, tips' priorities and budget exemptions, and the groups that flow as one
/// unit (format version 11; Docs/bytecode.md, "budgets"). A catalog that declares none of
/// them has an empty schema, and its bundle no `budgets` section.
public struct BudgetSchema: Hashable, Sendable {
    /// The largest budget a catalog may declare (tips per day or per launch).
    public static let maxBudget: UInt16 = 100
    /// The priorities a tip may declare.
    public static let priorities: ClosedRange<Int16> = -100...100

    /// How many tips may be shown in one local calendar day (0: no daily budget).
    public var perDay: UInt16
    /// How many tips may be shown in one launch of the app (0: no launch budget).
    public var perLaunch: UInt16
    /// The tips with a priority other than 0 or a budget exemption, in ascending tip order.
    public var tips: [TipBudget]
    /// Indices of the groups that flow as one unit (`together`), ascending.
    public var togetherGroups: [UInt32]

    /// One tip's budget options.
    public struct TipBudget: Hashable, Sendable {
        /// Index into the bundle's tips.
        public var tip: UInt32
        /// Which eligible tip takes a budget's last places first (higher first; default 0).
        public var priority: Int16
        /// `ignoresDisplayBudget`: never held back by a budget, and its displays use none.
        public var exempt: Bool

        public init(tip: UInt32, priority: Int16 = 0, exempt: Bool = false) {
            self.tip = tip
            self.priority = priority
            self.exempt = exempt
        }
    }

    public init(perDay: UInt16 = 0, perLaunch: UInt16 = 0, tips: [TipBudget] = [], togetherGroups: [UInt32] = []) {
        self.perDay = perDay
        self.perLaunch = perLaunch
        self.tips = tips
        self.togetherGroups = togetherGroups
    }

    /// True when the catalog declares no budget, priority, exemption or `together` group.
    public var isEmpty: Bool { perDay == 0 && perLaunch == 0 && tips.isEmpty && togetherGroups.isEmpty }
}
