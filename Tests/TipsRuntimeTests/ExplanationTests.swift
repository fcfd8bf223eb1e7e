import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// `TipStore.explanation(of:)`: the values each rule saw (from the bundle's probes), the
/// other reasons behind a status, and when time alone makes the tip available.
@Suite("Explanations")
struct ExplanationTests {
    static let catalog = """
        enum Plan { free, pro }
        param hasSeenList: Bool = false
        param plan: Plan = .free
        param streak: Int?
        event manualSave
        event noteEdited(words: Int)
        event orderPlaced

        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList
            rule count(manualSave within 7d) >= 3
        }

        tip WordsTip {
            title "Words"
            rule count(noteEdited where words >= 100 within 2d) >= 2 && plan == .pro
        }

        tip StreakTip {
            title "Streak"
            rule (streak ?? 0) >= 3 || !(streak == nil)
        }

        tip ReorderTip {
            title "Reorder"
            rule now - last(orderPlaced) > 3d
        }

        tip QuietTip {
            title "Quiet"
            rule count(manualSave within 2d) <= 1
            rule 5 <= count(manualSave) + 3
        }
        """

    func rule(_ e: TipExplanation, _ n: Int) throws -> TipExplanation.RuleExplanation {
        try #require(e.rules.first { $0.number == n })
    }

    @Test("a count with a window: its value, what it needs, and the rule's source line")
    func countWithWindow() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        try f.store.donate(dynamic: "manualSave")
        try f.store.donate(dynamic: "manualSave")
        let e = try f.store.explanation(of: "ShortcutTip")
        #expect(e.status == .pending)
        let r1 = try rule(e, 1), r2 = try rule(e, 2)
        #expect(r1.holds && r1.text == "hasSeenList" && r1.parameters == [.init(name: "hasSeenList", value: "true")])
        #expect(!r2.holds)
        #expect(r2.text == "count(manualSave within 7d) >= 3")
        #expect(r2.file == "test.tips" && r2.line == 12 && r2.column == 10)
        #expect(r2.probes.map(\.summary) == ["count(manualSave within 7d) = 2, needs >= 3"])
        #expect(r2.events == ["manualSave"] && r2.readsTime)
        #expect(e.text.contains("rule 2 ✗ count(manualSave within 7d) >= 3   (test.tips:12:10)"))
        #expect(e.text.contains("✗ count(manualSave within 7d) = 2, needs >= 3"))
    }

    @Test("filters, enum parameters and conjunctions: one probe per condition")
    func filtersAndParams() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "noteEdited", ["words": 150])
        try f.store.donate(dynamic: "noteEdited", ["words": 20])
        let r = try rule(try f.store.explanation(of: "WordsTip"), 1)
        #expect(r.line == 17)
        #expect(r.probes.map(\.summary) == [
            "count(noteEdited where words >= 100 within 2d) = 1, needs >= 2",
            "plan = .free, needs == .pro",
        ])
        #expect(r.probes.map(\.holds) == [false, false])
        #expect(r.parameters == [.init(name: "plan", value: ".free")])
    }

    @Test("optionals: nil values, coalescing and negated conditions")
    func optionals() throws {
        let f = try Fixture(Self.catalog)
        let r = try rule(try f.store.explanation(of: "StreakTip"), 1)
        #expect(r.parameters == [.init(name: "streak", value: "nil")])
        #expect(r.probes.count == 2)
        #expect(r.probes[0].value == "0" && r.probes[0].relation == ">=" && r.probes[0].needs == "3")
        #expect(r.probes[1].summary == "streak = nil, needs not == nil")
        #expect(r.probes[1].negated && r.probes[1].holds == true)
        try f.store.setParameter(dynamic: "streak", to: 4)
        let again = try rule(try f.store.explanation(of: "StreakTip"), 1)
        #expect(again.holds && again.probes[0].value == "4" && again.probes[0].holds == true)
    }

    @Test("a constant on the left reads as the query first: 5 <= count(e) + 3")
    func mirroredComparison() throws {
        let f = try Fixture(Self.catalog)
        let r = try rule(try f.store.explanation(of: "QuietTip"), 2)
        #expect(r.probes.first?.summary == "count(manualSave) + 3 = 3, needs >= 5")
        #expect(r.probes.dropFirst().map(\.summary) == ["count(manualSave) = 0"])
    }

    @Test("next: a donation leaving a window, exactly (both ends inclusive)")
    func donationLeavesWindow() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        for _ in 0..<2 { try f.store.donate(dynamic: "manualSave") }
        f.clock.advance(hours: 1)
        try f.store.donate(dynamic: "manualSave")  // total 3, so rule 2 holds
        let e = try f.store.explanation(of: "QuietTip")
        #expect(e.status == .pending)
        #expect(e.next == .at(t0 + 2 * day + 1))
        f.clock.set(to: t0 + 2 * day)
        #expect(try f.status("QuietTip") == .pending)
        f.clock.set(to: t0 + 2 * day + 1)
        #expect(try f.status("QuietTip") == .available)
    }

    @Test("next: now - last(e) > 3d becomes true 3d + 1ms after the donation")
    func sinceLast() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        let before = try f.store.explanation(of: "ReorderTip")
        #expect(before.rules[0].probes.first?.summary == "now - last(orderPlaced) = nil, needs > 3d")
        #expect(before.next == .needsInput(rules: [1], inputs: ["event orderPlaced"]))
        try f.store.donate(dynamic: "orderPlaced")
        f.clock.advance(hours: 5)
        let e = try f.store.explanation(of: "ReorderTip")
        #expect(e.rules[0].probes.first?.summary == "now - last(orderPlaced) = 5h, needs > 3d")
        #expect(e.next == .at(t0 + 3 * day + 1))
    }

    @Test("needs: a rule that time alone will turn is not named")
    func timeTurnsOneRule() throws {
        let f = try Fixture("""
            param launch: Date = date("2026-02-01")
            param ready: Bool = false
            tip T {
                title "T"
                rule now >= launch
                rule ready
            }
            """)
        let e = try f.store.explanation(of: "T")
        #expect(e.rules.map(\.holds) == [false, false])
        #expect(e.rules[0].probes.first?.summary == "now = 2026-01-01T00:00:00Z, needs >= launch (= 2026-02-01T00:00:00Z)")
        #expect(e.next == .needsInput(rules: [2], inputs: ["param ready"]))
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(try f.store.explanation(of: "T").next == .at(1_769_904_000_000))
    }

    @Test("next: not by time alone, naming the rules and inputs")
    func needsInput() throws {
        let f = try Fixture(Self.catalog)
        let e = try f.store.explanation(of: "ShortcutTip")
        #expect(e.next == .needsInput(rules: [1, 2], inputs: ["param hasSeenList", "event manualSave"]))
        #expect(e.text.contains("next: not by time alone; needs rules 1, 2 (param hasSeenList, event manualSave) to change"))
    }

    static let display = """
        config { displayFrequency daily }
        tip First { title "First" }
        tip Second { title "Second" }
        tip Loud {
            title "Loud"
            ignoresDisplayFrequency
        }
        tip Limited {
            title "Limited"
            maxDisplayCount 3
            maxDisplayDuration 90s
            ignoresDisplayFrequency
        }
        """

    @Test("cooldown: which tip started it, when it ends, and the instant it lets go")
    func cooldown() throws {
        let f = try Fixture(Self.display)
        let t0 = f.clock.now()
        try f.store.presentationBegan("First")
        f.clock.advance(minutes: 10)
        let e = try f.store.explanation(of: "Second")
        #expect(e.status == .pending)
        #expect(e.cooldown == .init(startedBy: "First", startedAt: t0, endsAt: t0 + day, holdsBack: true, exemption: nil))
        #expect(e.next == .at(t0 + day))
        #expect(e.text.contains("cooldown: started by First at 2026-01-01T00:00:00Z, ends 2026-01-02T00:00:00Z; holds this tip back"))
        let loud = try f.store.explanation(of: "Loud")
        #expect(loud.status == .available && loud.cooldown?.holdsBack == false && loud.cooldown?.exemption == "ignoresDisplayFrequency")
        #expect(loud.next == .now)
    }

    @Test("display count and duration against their limits")
    func displayLimits() throws {
        let f = try Fixture(Self.display)
        try f.store.presentationBegan("Limited")
        f.clock.advance(seconds: 30)
        let e = try f.store.explanation(of: "Limited")
        #expect(e.display == .init(count: 1, maxCount: 3, milliseconds: 30 * second, maxMilliseconds: 90 * second,
                                   isDisplayed: true, ignoresDisplayFrequency: true))
        #expect(e.text.contains("display: 1 of max 3 displays, 30s of max 1m30s, displayed now"))
    }

    @Test("invalidated: the reason and when")
    func invalidated() throws {
        let f = try Fixture(Self.display)
        f.clock.advance(hours: 2)
        try f.store.invalidate("First", reason: .tipClosed)
        f.clock.advance(hours: 1)
        let e = try f.store.explanation(of: "First")
        #expect(e.status == .invalidated(.tipClosed))
        #expect(e.invalidation == .init(reason: .tipClosed, at: f.clock.now() - hour))
        #expect(e.text.contains("invalidated: tipClosed at 2026-01-01T02:00:00Z"))
        if case .blocked = e.next {} else { Issue.record("expected blocked, got \(e.next)") }
    }

    @Test("testing overrides: shown and hidden")
    func overrides() throws {
        let f = try Fixture(Self.display, overrides: TestingOverrides(show: ["First"], hideAll: true))
        let shown = try f.store.explanation(of: "First")
        #expect(shown.status == .available && shown.override == "show")
        let hidden = try f.store.explanation(of: "Second")
        #expect(hidden.status == .pending && hidden.override == "hide")
        #expect(hidden.next == .blocked("hidden by a testing override"))
    }

    static let groups = """
        tip A { title "A" }
        tip B { title "B" }
        tip C {
            title "C"
            maxDisplayCount 1
        }
        tip D { title "D" }
        group Pair { A, B }
        group Steps ordered { C, D }
        """

    @Test("groups: the member that holds a tip back, and why")
    func groupHolds() throws {
        let f = try Fixture(Self.groups)
        let b = try #require(try f.store.explanation(of: "B").group)
        #expect(b.name == "Pair" && b.priority == "firstAvailable" && b.position == 2 && b.current == "A")
        #expect(b.heldBackBy == "A" && b.heldBackReason == "earlier in the group and available")
        #expect(try f.store.explanation(of: "A").group?.heldBackBy == nil)
        // B displayed: it stays current (no pre-emption) and holds A back.
        f.store.setTestingOverrides(TestingOverrides(hide: ["A"]))
        try f.store.presentationBegan("B")
        f.store.setTestingOverrides(.none)
        let a = try #require(try f.store.explanation(of: "A").group)
        #expect(a.current == "B" && a.heldBackBy == "B" && a.heldBackReason == "being displayed (no pre-emption)")
        // Ordered: D waits for C to be invalidated, however often C was displayed.
        let d = try #require(try f.store.explanation(of: "D").group)
        #expect(d.priority == "ordered" && d.heldBackBy == "C" && d.heldBackReason == "earlier in the ordered group and not invalidated")
        try f.store.presentationBegan("C")
        try f.store.presentationEnded("C")
        #expect(try f.store.explanation(of: "D").group?.heldBackBy == nil)
        #expect(try f.store.explanation(of: "D").group?.current == "D")
    }

    @Test("a bundle without explanations still explains statuses and rule results")
    func withoutProbes() throws {
        var sources = SourceSet()
        sources.add(path: "x.tips", text: "param p: Bool = false\ntip T {\n    title \"T\"\n    rule p\n}\n")
        let bytes = try #require(Compiler.compile(sources: sources, options: .init(explain: false)).bytes)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-explain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try TipStore(bundle: bytes, journalURL: dir.appendingPathComponent("j.jsonl"), clock: ManualClock())
        let e = try store.explanation(of: "T")
        #expect(e.rules.count == 1 && !e.rules[0].holds && e.rules[0].probes.isEmpty && e.rules[0].line == 4)
        #expect(e.next == .needsInput(rules: [1], inputs: ["param p"]))
    }

    @Test("dates and durations are written as the language writes them")
    func formats() {
        #expect(ExplanationFormat.date(1_767_225_600_000) == "2026-01-01T00:00:00Z")
        #expect(ExplanationFormat.date(1_767_225_600_001) == "2026-01-01T00:00:00.001Z")
        #expect(ExplanationFormat.date(-1) == "1969-12-31T23:59:59.999Z")
        #expect(ExplanationFormat.duration(3 * day + 4 * hour) == "3d4h")
        #expect(ExplanationFormat.duration(-90 * second) == "-1m30s")
        #expect(ExplanationFormat.duration(14 * day) == "14d")
        #expect(ExplanationFormat.parseDate("2026-01-01T00:00:00Z") == 1_767_225_600_000)
        #expect(ExplanationFormat.parseDate("2026-01-01") == 1_767_225_600_000)
        #expect(ExplanationFormat.parseDate("2026-01-01T01:00:00+01:00") == 1_767_225_600_000)
        #expect(ExplanationFormat.parseDate("2026-01-01T00:00:00.5Z") == 1_767_225_600_500)
        #expect(ExplanationFormat.parseDate("tomorrow") == nil)
        #expect(ExplanationFormat.parseDate("2026-13-01") == nil)
    }
}
