import Foundation
import Testing
@testable import TipsRuntime

/// Display budgets, priority and groups that flow as one unit (issue 20 item 4;
/// Docs/semantics.md, "Display budgets and priority").
@Suite("Display budgets")
struct DisplayBudgetTests {
    static let daily = """
    config { displayBudget 1 per day }
    tip WelcomeTip { title "Welcome" ignoresDisplayBudget }
    tip ScanTip { title "Scan" }
    tip ShareTip { title "Share" }
    """

    /// Shows `tip` (a presentation begins and ends a minute later).
    static func show(_ f: Fixture, _ tip: TipKey) throws {
        try f.store.presentationBegan(tip)
        f.clock.advance(by: minute)
        try f.store.presentationEnded(tip)
    }

    @Test("A daily budget of 1: the first tip shown takes the day; the others wait for the next local midnight; the exempt tip neither waits nor counts")
    func dailyBudget() throws {
        let f = try Fixture(Self.daily)
        f.store.setTimeZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        #expect(f.store.availableTips() == ["WelcomeTip", "ScanTip", "ShareTip"])
        try Self.show(f, "WelcomeTip")
        #expect(f.store.availableTips() == ["WelcomeTip", "ScanTip", "ShareTip"])
        f.clock.advance(by: 9 * hour)
        try Self.show(f, "ScanTip")
        // ScanTip keeps its place (a repeat display does not use more); ShareTip waits.
        #expect(f.store.availableTips() == ["WelcomeTip", "ScanTip"])
        let x = try f.store.explanation(of: "ShareTip")
        #expect(x.status == .pending)
        #expect(x.text.contains("budget: today's budget of 1 is used by ScanTip at 10:01; holds this tip back"), "\(x.text)")
        // 2026-01-01 in Berlin ends at 23:00Z.
        #expect(x.next == .at(1_767_225_600_000 + 23 * hour))
        try Self.show(f, "ScanTip")
        #expect(try f.status("ShareTip") == .pending)
        f.clock.advance(by: 23 * hour - f.clock.now() + 1_767_225_600_000 - 1)
        #expect(try f.status("ShareTip") == .pending)
        f.clock.advance(by: 1)
        #expect(try f.status("ShareTip") == .available)
        #expect(try f.status("ScanTip") == .available)
        // Whoever shows first takes the new day.
        try Self.show(f, "ShareTip")
        #expect(try f.status("ScanTip") == .pending)
        let scan = try f.store.explanation(of: "ScanTip")
        #expect(scan.budgets.first?.used.map(\.tip) == ["ShareTip"])
        let share = try f.store.explanation(of: "ShareTip")
        #expect(share.budgets.first?.exemption == "shown today")
        let welcome = try f.store.explanation(of: "WelcomeTip")
        #expect(welcome.budgets.first?.exemption == "ignoresDisplayBudget")
    }

    @Test("Observers hear a budget's effects: another tip's display holds theirs back, and local midnight frees it")
    func observersFollowTheBudget() async throws {
        let f = try Fixture(Self.daily)
        let recorder = Recorder(try f.store.statusUpdates(of: "ShareTip"))
        #expect(await recorder.waitFor(1) == [.available])
        try Self.show(f, "ScanTip")
        #expect(await recorder.waitFor(2) == [.available, .pending])
        f.clock.advance(by: day)
        #expect(await recorder.waitFor(3) == [.available, .pending, .available])
    }

    @Test("A launch budget counts from the store's open; a relaunch renews it, and explain says time alone does not")
    func launchBudget() throws {
        let f = try Fixture("""
        config { displayBudget 2 per launch }
        tip A { title "A" }
        tip B { title "B" }
        tip C { title "C" }
        """)
        try Self.show(f, "A")
        try Self.show(f, "B")
        #expect(f.store.availableTips() == ["A", "B"])
        let x = try f.store.explanation(of: "C")
        guard case .blocked(let why) = x.next else { Issue.record("\(x.next)"); return }
        #expect(why.contains("this launch's budget of 2 is used by B, A; the next launch renews it"), "\(why)")
        try f.reopen()
        #expect(f.store.availableTips() == ["A", "B", "C"])
    }

    @Test("Priority: the last place goes to the offered tip of the higher priority; equal priorities do not hold each other back")
    func priority() throws {
        let f = try Fixture("""
        config { displayBudget 1 per day }
        param ready: Bool = false
        tip Low { title "Low" }
        tip Other { title "Other" }
        tip High { title "High" priority 10 rule ready }
        """)
        // High is not offered (its rule is false): the equal-priority tips are both available.
        #expect(f.store.availableTips() == ["Low", "Other"])
        try f.store.setParameter(dynamic: "ready", to: .bool(true))
        // High is offered: the one place goes to it, first in the list.
        #expect(f.store.availableTips() == ["High"])
        let x = try f.store.explanation(of: "Low")
        #expect(x.text.contains("today's budget of 1 has 1 place left, which goes first to High (higher priority)"), "\(x.text)")
        try Self.show(f, "High")
        #expect(f.store.availableTips() == ["High"])
        f.clock.advance(by: day)
        try f.store.setParameter(dynamic: "ready", to: .bool(false))
        #expect(f.store.availableTips() == ["Low", "Other"])
    }

    @Test("A group that flows as one unit: after its first member, the next skip the cooldown and share the group's place in the budget")
    func togetherGroup() throws {
        let source = """
        config { displayFrequency daily  displayBudget 1 per day }
        tip Step1 { title "1" }
        tip Step2 { title "2" }
        tip Step3 { title "3" }
        tip Later { title "Later" }
        group Onboarding ordered together { Step1, Step2, Step3 }
        """
        let f = try Fixture(source)
        try Self.show(f, "Step1")
        try f.store.invalidate("Step1", reason: .tipClosed)
        // Step2 neither waits for the cooldown Step1 started nor for the day's budget.
        #expect(try f.status("Step2") == .available)
        try Self.show(f, "Step2")
        try f.store.invalidate("Step2", reason: .tipClosed)
        #expect(try f.status("Step3") == .available)
        try Self.show(f, "Step3")
        // Later waits for both: the cooldown from Step1's first display and the day's budget.
        #expect(try f.status("Later") == .pending)
        f.clock.advance(by: day)
        #expect(try f.status("Later") == .available)

        // Without `together`, the same catalog takes a day per step.
        let g = try Fixture(source.replacingOccurrences(of: " together", with: ""))
        try Self.show(g, "Step1")
        try g.store.invalidate("Step1", reason: .tipClosed)
        #expect(try g.status("Step2") == .pending)
        g.clock.advance(by: day)
        #expect(try g.status("Step2") == .available)
    }

    @Test("The budget survives a relaunch for the day: the journal's displays say who used it")
    func dayBudgetAfterRelaunch() throws {
        let f = try Fixture(Self.daily)
        try Self.show(f, "ScanTip")
        try f.reopen()
        #expect(try f.status("ShareTip") == .pending)
        #expect(try f.status("ScanTip") == .available)
    }

    /// `2026-03-29T22:00:00Z` as milliseconds.
    static func instant(_ text: String) throws -> Int64 {
        let f = ISO8601DateFormatter()
        let date = try #require(f.date(from: text))
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    @Test("A local day is 23 hours on the spring-forward day and 25 on the fall-back day (Europe/Berlin)", arguments: [
        ("2026-03-29T08:00:00Z", "2026-03-29T22:00:00Z"),
        ("2026-10-25T08:00:00Z", "2026-10-25T23:00:00Z"),
        ("2026-03-28T22:59:59Z", "2026-03-28T23:00:00Z"),
    ])
    func daylightSavingDays(shownAt: String, renewsAt: String) throws {
        let f = try Fixture(Self.daily)
        f.store.setTimeZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        f.clock.advance(to: try Self.instant(shownAt))
        try f.store.presentationBegan("ScanTip")
        try f.store.presentationEnded("ScanTip")
        let renew = try Self.instant(renewsAt)
        #expect(try f.store.explanation(of: "ShareTip").next == .at(renew))
        f.clock.advance(to: renew - 1)
        #expect(try f.status("ShareTip") == .pending)
        f.clock.advance(to: renew)
        #expect(try f.status("ShareTip") == .available)
    }

    @Test("Travel: the day is the zone's the store has now; flying west makes the same day last longer")
    func travel() throws {
        let f = try Fixture(Self.daily)
        f.store.setTimeZone(try #require(TimeZone(identifier: "Europe/Berlin")))
        f.clock.advance(to: try Self.instant("2026-06-01T20:00:00Z"))   // 22:00 in Berlin
        try Self.show(f, "ScanTip")
        // Berlin's 1 June ends at 22:00Z; New York's (UTC-4) at 04:00Z on 2 June.
        f.store.setTimeZone(try #require(TimeZone(identifier: "America/New_York")))
        f.clock.advance(to: try Self.instant("2026-06-01T23:00:00Z"))
        #expect(try f.status("ShareTip") == .pending)
        f.clock.advance(to: try Self.instant("2026-06-02T04:00:00Z"))
        #expect(try f.status("ShareTip") == .available)
    }

    @Test("An exempt tip's displays use no place, and a tip on screen across midnight holds today's place until it ends")
    func onScreenAcrossMidnight() throws {
        let f = try Fixture(Self.daily)
        f.clock.advance(to: try Self.instant("2026-01-01T23:59:00Z"))
        try f.store.presentationBegan("ScanTip")
        f.clock.advance(to: try Self.instant("2026-01-02T00:01:00Z"))
        #expect(try f.status("ShareTip") == .pending)
        try f.store.presentationEnded("ScanTip")
        #expect(try f.status("ShareTip") == .available)
        try Self.show(f, "WelcomeTip")
        #expect(try f.status("ShareTip") == .available)
    }

    @Test("A live catalog that adds a budget counts the displays made before it was adopted")
    func adoptedBudgetCountsEarlierDisplays() throws {
        let plain = """
        tip ScanTip { title "Scan" }
        tip ShareTip { title "Share" }
        """
        let f = try Fixture(plain)
        try Self.show(f, "ScanTip")
        #expect(try f.status("ShareTip") == .available)
        _ = try f.store.adopt(try CatalogAdoptionTests.update("config { displayBudget 1 per day }\n" + plain))
        #expect(try f.status("ShareTip") == .pending)
        #expect(try f.status("ScanTip") == .available)
    }
}
