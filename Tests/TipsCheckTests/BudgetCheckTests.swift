import Testing
import TipsCheck
import TipsSource

/// Display budgets, priorities, budget exemptions and `together` groups (issue 20 item 4):
/// checked into the model, with E414 (budget), E413 (priority) and E403 (a repeat) for
/// what is not a valid constant, each listing the valid forms.
@Suite struct BudgetCheckTests {
    static func check(config: String = "", tip: String = "", extra: String = "") -> CheckResult {
        TestSupport.check("let two = 2\nparam days: Int = 3\nconfig {\n\(config)\n}\ntip T {\n title \"T\"\n\(tip)\n}\n"
                          + "tip U {\n title \"U\"\n}\n" + extra)
    }

    static func errors(_ r: CheckResult) -> [Diagnostic] { r.diagnostics.filter { $0.severity == .error } }

    @Test func theModelKeepsEverySetting() {
        let r = Self.check(config: "displayBudget 1 per day\ndisplayBudget two per launch",
                           tip: "priority -7\nignoresDisplayBudget", extra: "group G ordered together { T, U }\ngroup H { }")
        #expect(Self.errors(r).isEmpty, "\(Self.errors(r).map(\.message))")
        let c = r.model.configuration
        #expect(c.displayBudgetPerDay == 1 && c.displayBudgetPerLaunch == 2 && c.hasDisplayBudget)
        #expect(c.displayBudgetPerDayRange != nil && c.displayBudgetPerLaunchRange != nil)
        let t = r.model.tips[0].options
        #expect(t.priority == -7 && t.priorityRange != nil && t.ignoresDisplayBudget && t.ignoresDisplayBudgetRange != nil)
        let u = r.model.tips[1].options
        #expect(u.priority == 0 && u.priorityRange == nil && !u.ignoresDisplayBudget)
        #expect(r.model.groups.map(\.together) == [true, false])
        #expect(r.model.groups[0].togetherRange != nil && r.model.groups[1].togetherRange == nil)
    }

    @Test func aCatalogWithoutBudgetsHasNone() {
        let r = Self.check(tip: "ignoresDisplayBudget false")
        #expect(Self.errors(r).isEmpty)
        #expect(!r.model.configuration.hasDisplayBudget)
        #expect(r.model.configuration.displayBudgetPerDay == nil && r.model.configuration.displayBudgetPerLaunch == nil)
        #expect(!r.model.tips[0].options.ignoresDisplayBudget && r.model.tips[0].options.ignoresDisplayBudgetRange != nil)
    }

    @Test(arguments: ["displayBudget 1 per day", "displayBudget 100 per launch", "displayBudget two * 3 per day"])
    func validBudgets(_ config: String) {
        #expect(Self.errors(Self.check(config: config)).isEmpty)
    }

    @Test(arguments: ["priority 0", "priority 100", "priority -100", "priority two * 5"])
    func validPriorities(_ tip: String) {
        #expect(Self.errors(Self.check(tip: tip)).isEmpty)
    }

    /// Config text, code, message, fix-it replacement.
    static let budgetMistakes: [(String, String, String, String?)] = [
        ("displayBudget 0 per day", "E414", "a display budget must be at least 1, found 0", nil),
        ("displayBudget 101 per launch", "E414", "a display budget must be at most 100, found 101", nil),
        ("displayBudget 1.5 per day", "E414", "a display budget must be an Int, found 'Double'", nil),
        ("displayBudget days per day", "E414", "a display budget must be a constant Int", nil),
        ("displayBudget one per day", "E202", "'one' is a number in words; write it with digits: 1", "1"),
        ("displayBudget 1 per day\ndisplayBudget 2 per day", "E403", "'displayBudget ... per day' is already set", nil),
    ]

    @Test(arguments: budgetMistakes)
    func budgetMistakesAreE414(_ config: String, _ code: String, _ message: String, _ fix: String?) {
        let errors = Self.errors(Self.check(config: config))
        #expect(errors.map(\.code) == [code], "\(errors.map { "\($0.code) \($0.message)" })")
        #expect(errors.first?.message == message)
        #expect(errors.first?.fixIts.first?.edits.first?.replacement == fix)
    }

    @Test func aBudgetErrorListsTheForms() {
        let e = Self.errors(Self.check(config: "displayBudget 0 per day")).first
        #expect(e?.notes.first?.message == "a display budget is a constant Int from 1 to 100, as in 'displayBudget 1 per day' or "
                + "'displayBudget 3 per launch'")
    }

    @Test func aRepeatedUnitPointsAtTheFirst() {
        let r = Self.check(config: "displayBudget 1 per day\ndisplayBudget 3 per launch\ndisplayBudget 2 per day")
        let e = Self.errors(r)
        #expect(e.count == 1)
        #expect(e.first?.notes.first?.message == "first set here")
        #expect(e.first?.notes.first?.range?.start == r.model.configuration.displayBudgetPerDayRange?.start)
        #expect(r.model.configuration.displayBudgetPerDay == 1 && r.model.configuration.displayBudgetPerLaunch == 3)
    }

    /// Tip item text, code, message, fix-it replacement.
    static let priorityMistakes: [(String, String, String, String?)] = [
        ("priority 101", "E413", "a priority must be from -100 to 100, found 101", "100"),
        ("priority -1000", "E413", "a priority must be from -100 to 100, found -1000", "-100"),
        ("priority high", "E413", "a priority is a number, not 'high': write 'priority 10'", "10"),
        ("priority .low", "E413", "a priority is a number, not 'low': write 'priority -10'", "-10"),
        ("priority 1.5", "E413", "a priority must be an Int, found 'Double'", nil),
        ("priority days", "E413", "a priority must be a constant Int", nil),
        ("priority 1\npriority 2", "E403", "'priority' is already set", nil),
        ("ignoresDisplayBudget\nignoresDisplayBudget false", "E403", "'ignoresDisplayBudget' is already set", nil),
    ]

    @Test(arguments: priorityMistakes)
    func priorityMistakesAreE413(_ tip: String, _ code: String, _ message: String, _ fix: String?) {
        let errors = Self.errors(Self.check(config: "displayBudget 1 per day", tip: tip))
        #expect(errors.map(\.code) == [code], "\(errors.map { "\($0.code) \($0.message)" })")
        #expect(errors.first?.message == message)
        #expect(errors.first?.fixIts.first?.edits.first?.replacement == fix)
    }

    @Test(arguments: ["priority 3", "ignoresDisplayBudget"])
    func aVariantCannotSetBudgetOptions(_ item: String) {
        let r = Self.check(config: "displayBudget 1 per day",
                           tip: "experiment X {\n variant A 50% { \(item) }\n variant B 50% { title \"B\" }\n}")
        let errors = Self.errors(r)
        #expect(errors.contains { $0.code == "E435" && $0.message.hasPrefix("a variant cannot set '\(item.split(separator: " ")[0])'") },
                "\(errors.map { "\($0.code) \($0.message)" })")
    }
}
