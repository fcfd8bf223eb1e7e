import Testing
import TipsSource
@testable import TipsScenario

/// Issue 20 item 5 in scenarios: a member its group holds back is drawn held back (not
/// available) on the timeline; `explain T` prints an explanation without failing; and a
/// rule that tests the platform follows the `platform` step (item 1).
struct HeldBackScenarioTests {
    static let catalog = """
        tip C { title "C" }
        tip D { title "D" }
        tip MacTip { title "Mac" rule platform == macOS }
        group Steps ordered { C, D }
        """

    @Test func aHeldBackMemberIsDrawnHeldBack() throws {
        let report = runScenario("""
            scenario "ordered"
            expect C available
            expect D available
            advance 1h
            close C
            advance 1h
            expect group Steps current D
            """, catalog: Self.catalog)
        #expect(rendered(report) == "")
        let t = try #require(report.outcomes.first?.outcome.timeline)
        let d = try #require(t.lanes.first { $0.label == "D" })
        #expect(d.spans.map(\.state) == [.heldBack, .available])
        let c = try #require(t.lanes.first { $0.label == "C" })
        #expect(c.spans.map(\.state) == [.available, .invalidated(.tipClosed)])
        let svg = TimelineSVG.render(t)
        #expect(svg.contains("D: held back by its group from"), "\(svg)")
        #expect(svg.contains(">held back<"))
    }

    @Test func theExplainStepPrintsAndDoesNotFail() {
        let report = runScenario("""
            scenario "look"
            explain D
            expect D available
            """, catalog: Self.catalog)
        #expect(report.succeeded)
        let notes = report.diagnostics.filter { $0.code == "S205" }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .note)
        #expect(notes.first?.message == "the explanation of D reads:")
        let lines = notes.first?.notes.map(\.message) ?? []
        #expect(lines.first?.hasPrefix("  D: held back by its group at 2026-01-01T09:00:00Z") == true, "\(lines)")
        #expect(!lines.contains { $0.contains("available now") }, "\(lines)")
    }

    @Test func aRuleOnThePlatformFollowsThePlatformStep() {
        let report = runScenario("""
            scenario "mac only"
            expect MacTip pending
            platform macOS
            expect MacTip available
            explain MacTip
            platform iPadOS
            expect MacTip pending
            """, catalog: Self.catalog)
        #expect(rendered(report).contains("platform == macOS"), "\(rendered(report))")
        #expect(report.succeeded, "\(rendered(report))")
    }

    static let budgeted = """
        config { displayBudget 1 per day }
        tip A { title "A" }
        tip B { title "B" }
        tip T {
            title "Timer"
            action "later" { title "Later" snooze 1d }
        }
        """

    /// A tip a display budget holds back, and a snoozed one, are drawn as such (not as
    /// pending: their rules hold, and time alone brings them back), each with its legend.
    @Test func budgetHeldAndSnoozedTipsAreDrawnAsSuch() throws {
        let report = runScenario("""
            scenario "budget and snooze"
            display A for 10s
            expect B pending
            action T "later"
            expect T snoozed
            advance 1d
            expect B available
            expect T available
            """, catalog: Self.budgeted)
        #expect(rendered(report) == "", "\(rendered(report))")
        let t = try #require(report.outcomes.first?.outcome.timeline)
        let b = try #require(t.lanes.first { $0.label == "B" })
        #expect(b.spans.map(\.state) == [.available, .heldBackByBudget, .available])
        let timer = try #require(t.lanes.first { $0.label == "T" })
        #expect(timer.spans.map(\.state).contains(.snoozed), "\(timer.spans.map(\.state))")
        let svg = TimelineSVG.render(t)
        #expect(svg.contains("B: held back by a display budget from"), "\(svg)")
        #expect(svg.contains("T: snoozed from"))
        #expect(svg.contains(">budget used<") && svg.contains(">snoozed<"))
    }
}
