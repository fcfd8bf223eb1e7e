import Testing
import TipsCheck
import TipsSource

/// The local calendar in rules (issue 20 item 2): `month` and `weekday` compared with names,
/// `timeOfDay` a Duration, `during(...)` a yearly range, `days(...)` a query, `installed`
/// and `appUpdated` optional instants; wrong names list the valid ones with did-you-mean.
@Suite struct CalendarCheckTests {
    static let prelude = "event opened\n"

    static func rules(_ text: String) -> CheckResult { TestSupport.check(prelude + "tip T {\n title \"T\"\n \(text)\n}\n") }

    @Test(arguments: [
        ("rule month == .december", "(== month 12)"),
        ("rule .saturday <= weekday", "(<= 6 weekday)"),
        ("rule month != .may", "(!= month 5)"),
        ("rule timeOfDay >= 9h", "(>= timeOfDay 32400000ms)"),
        ("rule during(\"Dec 20\", \"Jan 6\")", "(|| (>= monthDay 1220) (<= monthDay 106))"),
        ("rule during(\"December 1\", \"12-31\")", "(&& (>= monthDay 1201) (<= monthDay 1231))"),
        ("rule days(opened within 2w) >= 2", "(>= (days opened within:1209600000ms) 2)"),
        ("rule now - installed < 7d", "(< (subtractDates now installed) 604800000ms)"),
        ("rule now - appUpdated < 3d", "(< (subtractDates now appUpdated) 259200000ms)"),
    ])
    func calendarReadsReachTheModel(_ rule: String, _ dump: String) {
        let result = Self.rules(rule)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.tips.first.map { result.model.dump($0.rules[0]) } == dump)
    }

    static let mistakeCases: [(String, String, String, String?)] = [
        ("rule month == .decmber", "E440", "unknown month 'decmber'", "did you mean 'december'?"),
        ("rule weekday == .Sat", "E440", "unknown weekday 'Sat'", "did you mean 'saturday'?"),
        ("rule month == 13", "E440", "13 is no month: 'month' is 1 ... 12 (january ... december); compare it with a name such as '.december'",
         "the months are .january, .february, .march, .april, .may, .june, .july, .august, .september, .october, .november, .december"),
        ("rule weekday == \"Friday\"", "E440", "'weekday' is compared with a weekday name such as '.sunday', found 'String'",
         "the weekdays are .monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday"),
        ("rule during(\"Dce 1\", \"Dec 31\")", "E441",
         "invalid date 'Dce 1' in 'during': unknown month 'Dce'; the months are Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov or Dec",
         "did you mean 'december'?"),
        ("rule during(\"Feb 30\", \"Mar 1\")", "E441", "invalid date 'Feb 30' in 'during': February has no day 30 (1 ... 29)",
         "write a month name (or its first three letters) and a day: \"Dec 24\", \"March 1\""),
        ("rule during(\"Dec 1\")", "E441", "'during' takes two month-and-day strings, such as during(\"Dec 1\", \"Dec 31\"); found 1 argument", nil),
    ]

    @Test(arguments: mistakeCases)
    func mistakes(_ rule: String, _ code: String, _ message: String, _ note: String?) {
        let result = Self.rules(rule)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == [code], "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(errors.first?.message == message)
        #expect(errors.first?.notes.first?.message == note)
    }

    @Test func theListOfMonthsIsComplete() {
        let d = Self.rules("rule month == .decmber").diagnostics.first { $0.code == "E440" }
        #expect(d?.notes.map(\.message).last == "the months are january, february, march, april, may, june, july, august, september, october, november or december")
        #expect(d?.fixIts.first?.edits.first?.replacement == "december")
    }

    @Test func typeErrorsAreTheLanguagesOwn() {
        let errors = Self.rules("rule timeOfDay >= 9").diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        let optional = Self.rules("rule installed > now").diagnostics.filter { $0.severity == .error }
        #expect(optional.isEmpty, "ordering with an optional is false when nil, as for last(e)")
    }

    @Test func aMonthThatCannotBeIsANeverTrueRule() {
        let result = Self.rules("rule month > .december")
        #expect(result.diagnostics.contains { $0.code == "E418" }, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }

    @Test func aParameterNamedMonthShadowsTheBuiltIn() {
        let result = TestSupport.check("param month: Int = 3\ntip T { title \"T\" rule month == 3 }")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.dump(result.model.tips[0].rules[0]) == "(== month 3)")
        guard case .compare(_, _, let l, _) = result.model.tips[0].rules[0].kind else { Issue.record("not a comparison"); return }
        #expect(l.kind == .parameter(0))
    }
}
