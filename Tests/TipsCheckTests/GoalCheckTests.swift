import Testing
import TipsCheck
import TipsSource

/// `goal EVENT [where FILTER] within D` in the checker: the event, filter and window reach
/// the model; an unknown event lists the events, a bad filter or window is reported.
@Suite struct GoalCheckTests {
    static let prelude = """
        enum Kind { note, list }
        event searchUsed(kind: Kind, hits: Int)
        event opened

        """

    static func tip(_ items: String) -> String { prelude + "tip T {\n title \"T\"\n \(items)\n}\n" }

    @Test func aGoalReachesTheModel() {
        let result = TestSupport.check(Self.tip("goal searchUsed where kind == .note && hits > 2 within 7d"))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let goal = result.model.tips[0].goal
        #expect(goal.map { result.model.events[$0.event].name } == "searchUsed")
        #expect(goal?.filter.count == 2)
        let week: Int64 = 7 * 86_400_000
        #expect(goal?.window == week)
    }

    @Test func aTipWithoutAGoalHasNone() {
        let result = TestSupport.check(Self.tip("rule count(opened) > 0"))
        #expect(result.model.tips[0].goal == nil)
    }

    @Test func anEventReadOnlyByAGoalIsUsed() {
        let result = TestSupport.check(Self.tip("goal opened within 1d"))
        #expect(!result.diagnostics.contains { $0.message.contains("'opened'") }, "\(result.diagnostics.map(\.message))")
    }

    /// Tip items with a mistaken goal: the code and message.
    static let errorCases: [(String, String, String)] = [
        ("goal searchUsd within 7d", "E201", "unknown event 'searchUsd' in the goal of 'T'"),
        ("goal searchUsed", "E434", "goal 'searchUsed' has no window; say how long after the tip was shown the event still counts"),
        ("goal searchUsed within 0s", "E434", "a goal's window must be a positive duration"),
        ("goal searchUsed where size > 2 within 7d", "E205", "unknown field 'size' in event 'searchUsed'"),
        ("goal opened within 1d\n goal searchUsed within 2d", "E403", "'goal' is already set"),
    ]

    @Test(arguments: errorCases)
    func errors(items: String, code: String, message: String) {
        let result = TestSupport.check(Self.tip(items))
        let found = result.diagnostics.filter { $0.severity == .error && $0.code == code }
        #expect(found.map(\.message) == [message], "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }

    @Test func anUnknownEventListsTheEventsAndSuggestsOne() {
        let result = TestSupport.check(Self.tip("goal searchUsd within 7d"))
        let d = result.diagnostics.first { $0.message.hasPrefix("unknown event") }
        #expect(d?.notes.map(\.message) == ["did you mean 'searchUsed'?", "the events are searchUsed or opened"])
        #expect(d?.fixIts.first?.edits.first?.replacement == "searchUsed")
    }

    @Test func aMissingWindowOffersOne() {
        let result = TestSupport.check(Self.tip("goal opened"))
        #expect(result.diagnostics.first { $0.code == "E434" }?.fixIts.first?.edits.first?.replacement == " within 7d")
    }
}
