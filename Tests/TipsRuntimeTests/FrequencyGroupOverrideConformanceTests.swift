import Foundation
import Testing
@testable import TipsRuntime

/// Semantics page, "Display frequency".
@Suite("Conformance: display frequency")
struct FrequencyConformanceTests {
    static let catalog = """
    config { displayFrequency daily }
    tip A { title "A" }
    tip B { title "B" }
    tip C { title "C" }
    tip Free { title "F" ignoresDisplayFrequency }
    """

    @Test("Cooldown: after a tip's first display begins, no other never-displayed tip is available until the interval has passed")
    func cooldownAppWide() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.presentationBegan("A")
        #expect(try f.status("B") == .pending)
        #expect(try f.store.report(of: "B").heldBackByCooldown)
        #expect(try f.status("A") == .available)   // not "other"
        try f.store.presentationEnded("A")
        f.clock.advance(to: t0 + day - 1)
        #expect(try f.status("B") == .pending)
        f.clock.advance(to: t0 + day)
        #expect(try f.status("B") == .available)
        #expect(try f.status("C") == .available)
    }

    @Test("Cooldown: gates first appearances only; a tip displayed before may be displayed again during it")
    func gatesFirstOnly() throws {
        let f = try Fixture(Self.catalog)
        try f.store.presentationBegan("A")
        try f.store.presentationEnded("A")
        f.clock.advance(days: 1)
        try f.store.presentationBegan("B")   // B's first display: a new cooldown
        try f.store.presentationEnded("B")
        #expect(try f.status("A") == .available)
        #expect(try f.status("C") == .pending)
    }

    @Test("Cooldown: repeat displays do not restart the cooldown")
    func repeatsDoNotRestart() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.presentationBegan("A")
        try f.store.presentationEnded("A")
        f.clock.advance(hours: 20)
        try f.store.presentationBegan("A")
        try f.store.presentationEnded("A")
        f.clock.advance(to: t0 + day)
        #expect(try f.status("B") == .available)
    }

    @Test("IgnoresDisplayFrequency(true): the tip is not held back by the cooldown")
    func ignoresNotHeldBack() throws {
        let f = try Fixture(Self.catalog)
        try f.store.presentationBegan("A")
        #expect(try f.status("Free") == .available)
    }

    @Test("IgnoresDisplayFrequency(true): its first display still starts the cooldown for others")
    func ignoresStartsCooldown() throws {
        let f = try Fixture(Self.catalog)
        try f.store.presentationBegan("Free")
        #expect(try f.status("A") == .pending)
        f.clock.advance(days: 1)
        #expect(try f.status("A") == .available)
    }

    @Test("Display frequency immediate: no cooldown at all")
    func immediate() throws {
        let f = try Fixture("""
        tip A { title "A" }
        tip B { title "B" }
        """)
        try f.store.presentationBegan("A")
        #expect(try f.status("B") == .available)
    }
}

/// Semantics page, "Groups".
@Suite("Conformance: groups")
struct GroupConformanceTests {
    static let catalog = """
    param a: Bool = false
    param b: Bool = false
    param c: Bool = false
    tip A { title "A" rule a }
    tip B { title "B" rule b }
    tip C { title "C" rule c }
    group First firstAvailable { A, B }
    group Ordered ordered { C, B2, A2 }
    tip B2 { title "B2" rule b }
    tip A2 { title "A2" rule a }
    group Plain { X, Y }
    tip X { title "X" rule c }
    tip Y { title "Y" }
    """

    @Test("Groups firstAvailable: the current tip is the first available member; firstAvailable is the default")
    func firstAvailable() throws {
        let f = try Fixture(Self.catalog)
        #expect(try f.store.currentTip(inGroup: "First") == nil)
        try f.store.setParameter(dynamic: "b", to: true)
        #expect(try f.store.currentTip(inGroup: "First") == "B")
        try f.store.setParameter(dynamic: "a", to: true)
        #expect(try f.store.currentTip(inGroup: "First") == "A")
        #expect(try f.store.currentTip(inGroup: "Plain") == "Y")
        try f.store.setParameter(dynamic: "c", to: true)
        #expect(try f.store.currentTip(inGroup: "Plain") == "X")
        #expect(throws: TipStoreError(.unknownGroup, "unknown group 'Nope'")) { try f.store.currentTip(inGroup: "Nope") }
    }

    @Test("Groups firstAvailable: a displayed member stays current until its presentation ends (no pre-emption)")
    func noPreemption() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "b", to: true)
        try f.store.presentationBegan("B")
        try f.store.setParameter(dynamic: "a", to: true)
        #expect(try f.store.currentTip(inGroup: "First") == "B")
        try f.store.presentationEnded("B")
        #expect(try f.store.currentTip(inGroup: "First") == "A")
    }

    @Test("Groups ordered: a member is current only when every earlier member is invalidated; being displayed is not enough")
    func ordered() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "a", to: true)
        try f.store.setParameter(dynamic: "b", to: true)
        #expect(try f.store.currentTip(inGroup: "Ordered") == nil)   // C pending blocks
        try f.store.presentationBegan("C")
        try f.store.presentationEnded("C")
        #expect(try f.store.currentTip(inGroup: "Ordered") == nil)   // displayed, not invalidated
        try f.store.setParameter(dynamic: "c", to: true)
        #expect(try f.store.currentTip(inGroup: "Ordered") == "C")
        try f.store.invalidate("C", reason: .tipClosed)
        #expect(try f.store.currentTip(inGroup: "Ordered") == "B2")
        try f.store.invalidate("B2", reason: .actionPerformed)
        #expect(try f.store.currentTip(inGroup: "Ordered") == "A2")
        try f.store.setParameter(dynamic: "a", to: false)
        #expect(try f.store.currentTip(inGroup: "Ordered") == nil)
    }
}

/// Semantics page, "Testing overrides".
@Suite("Conformance: testing overrides")
struct OverrideConformanceTests {
    static let catalog = """
    param on: Bool = false
    tip Ready { title "R" }
    tip Waiting { title "W" rule on }
    """

    /// Overrides and the expected statuses of Ready (rules hold) and Waiting (rules don't).
    static let precedence: [(String, TestingOverrides, TipStatus, TipStatus)] = [
        ("none", .none, .available, .pending),
        ("show-specific beats hide-specific", TestingOverrides(show: ["Waiting"], hide: ["Waiting"]), .available, .available),
        ("hide-specific beats show-all", TestingOverrides(hide: ["Ready"], showAll: true), .pending, .available),
        ("show-all beats hide-all", TestingOverrides(showAll: true, hideAll: true), .available, .available),
        ("hide-all", TestingOverrides(hideAll: true), .pending, .pending),
        ("show-specific beats hide-all", TestingOverrides(show: ["Ready"], hideAll: true), .available, .pending),
        ("hide-specific beats nothing else", TestingOverrides(hide: ["Ready"]), .pending, .pending),
    ]

    @Test("Overrides: precedence is show-specific, hide-specific, show-all, hide-all", arguments: precedence)
    func precedenceTable(what: String, overrides: TestingOverrides, ready: TipStatus, waiting: TipStatus) throws {
        let f = try Fixture(Self.catalog, overrides: overrides)
        #expect(try f.status("Ready") == ready, "\(what)")
        #expect(try f.status("Waiting") == waiting, "\(what)")
    }

    @Test("Overrides: a shown tip is available whatever its rules, cooldown or invalidation")
    func showWins() throws {
        let f = try Fixture("""
        config { displayFrequency daily }
        param on: Bool = false
        tip A { title "A" }
        tip B { title "B" rule on }
        tip C { title "C" }
        """, overrides: TestingOverrides(show: ["B", "C"]))
        try f.store.presentationBegan("A")
        try f.store.invalidate("C", reason: .tipClosed)
        #expect(try f.status("B") == .available)
        #expect(try f.status("C") == .available)
        f.store.setTestingOverrides(.none)
        #expect(try f.status("B") == .pending)
        #expect(try f.status("C") == .invalidated(.tipClosed))
    }

    @Test("Overrides: a hidden tip that is invalidated still reports invalidated")
    func hideKeepsInvalidation() throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(hideAll: true))
        try f.store.invalidate("Ready", reason: .tipClosed)
        #expect(try f.status("Ready") == .invalidated(.tipClosed))
    }

    @Test("Overrides: never persisted")
    func neverPersisted() throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(showAll: true))
        #expect(try f.status("Waiting") == .available)
        #expect(try f.recordTypes().isEmpty)
        try f.reopen()
        #expect(try f.status("Waiting") == .pending)
    }

    @Test("Overrides: changing them at run time tells observers")
    func observersSeeOverrides() async throws {
        let f = try Fixture(Self.catalog)
        let r = Recorder(try f.store.statusUpdates(of: "Waiting"))
        f.store.setTestingOverrides(TestingOverrides(show: ["Waiting"]))
        f.store.setTestingOverrides(.none)
        #expect(await r.waitFor(3) == [.pending, .available, .pending])
    }

    @Test("Overrides: read from TIPS_SHOW, TIPS_HIDE, TIPS_SHOW_ALL, TIPS_HIDE_ALL, TIPS_RESET_STORE")
    func environment() throws {
        let o = TestingOverrides.fromEnvironment([
            "TIPS_SHOW": "A, B,,", "TIPS_HIDE": "C", "TIPS_SHOW_ALL": "1", "TIPS_HIDE_ALL": "true", "TIPS_RESET_STORE": "YES",
        ])
        #expect(o == TestingOverrides(show: ["A", "B"], hide: ["C"], showAll: true, hideAll: true, resetStoreOnOpen: true))
        #expect(TestingOverrides.fromEnvironment([:]) == .none)
        #expect(TestingOverrides.fromEnvironment(["TIPS_SHOW_ALL": "0", "TIPS_HIDE_ALL": ""]) == .none)
    }

    @Test("Overrides: read from command-line arguments too, and merged with the environment")
    func arguments() {
        let a = TestingOverrides.fromArguments(["app", "--tips-show=A,B", "--tips-hide=C", "--tips-hide-all", "-x", "--tips-reset-store"])
        #expect(a == TestingOverrides(show: ["A", "B"], hide: ["C"], hideAll: true, resetStoreOnOpen: true))
        let merged = a.merging(TestingOverrides.fromEnvironment(["TIPS_SHOW": "D", "TIPS_SHOW_ALL": "1"]))
        #expect(merged == TestingOverrides(show: ["A", "B", "D"], hide: ["C"], showAll: true, hideAll: true, resetStoreOnOpen: true))
    }

    @Test("Overrides: TIPS_RESET_STORE resets the store when it opens")
    func resetOnOpen() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "on", to: true)
        try f.reopen(overrides: TestingOverrides.fromEnvironment(["TIPS_RESET_STORE": "1"]))
        #expect(try f.store.parameter(dynamic: "on") == false)
    }

    @Test("Overrides: instance ids of reusable tips can be named too")
    func instanceIDs() throws {
        let f = try Fixture("""
        param on: Bool = false
        tip R(item: String) { id "R-\\(item)" title "R" rule on }
        """, overrides: TestingOverrides(show: ["R-1"]))
        #expect(try f.status(TipKey("R", arguments: ["item": "1"])) == .available)
        #expect(try f.status(TipKey("R", arguments: ["item": "2"])) == .pending)
    }
}
