import Foundation
import Testing
@testable import TipsRuntime

/// Semantics page, "Status": the three statuses, shouldDisplay, observers.
@Suite("Conformance: status and observation")
struct StatusConformanceTests {
    static let catalog = """
    param ready: Bool = false
    event done
    tip T {
        title "T"
        rule ready
        invalidate when done
        maxDisplayCount 1
        maxDisplayDuration 2m
        action "close" { title "Close" invalidate reason tipClosed }
        action "do" { title "Do" invalidate }
    }
    """

    @Test("Status: pending when a rule is false, available when all hold")
    func pendingAndAvailable() throws {
        let f = try Fixture(Self.catalog)
        #expect(try f.status("T") == .pending)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(try f.status("T") == .available)
    }

    @Test("Status: invalidated with each of the four reasons", arguments: TipInvalidationReason.allCases)
    func invalidatedReasons(reason: TipInvalidationReason) throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        switch reason {
        case .actionPerformed: try f.store.perform(action: "do", of: "T")
        case .tipClosed: try f.store.perform(action: "close", of: "T")
        case .displayCountExceeded:
            try f.store.presentationBegan("T")
            try f.store.presentationEnded("T")
        case .displayDurationExceeded:
            try f.store.presentationBegan("T")
            f.clock.advance(minutes: 2)
        }
        #expect(try f.status("T") == .invalidated(reason))
        try f.reopen()
        #expect(try f.status("T") == .invalidated(reason))
    }

    @Test("Status: invalidate(reason:) by API records the given reason", arguments: TipInvalidationReason.allCases)
    func invalidateByAPI(reason: TipInvalidationReason) throws {
        let f = try Fixture(Self.catalog)
        try f.store.invalidate("T", reason: reason)
        #expect(try f.status("T") == .invalidated(reason))
        #expect(try f.recordTypes() == ["invalidate"])
    }

    @Test("Status: shouldDisplay is exactly status == available")
    func shouldDisplay() throws {
        let f = try Fixture(Self.catalog)
        #expect(try f.store.shouldDisplay("T") == false)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(try f.store.shouldDisplay("T"))
        try f.store.donate(dynamic: "done")
        #expect(try f.store.shouldDisplay("T") == false)
        #expect(f.store.availableTips().isEmpty)
    }

    @Test("Observers: told of every change of status, and only of changes")
    func observersOnlyChanges() async throws {
        let f = try Fixture(Self.catalog)
        let r = Recorder(try f.store.statusUpdates(of: "T"))
        try f.store.setParameter(dynamic: "ready", to: false)   // same status: nothing
        try f.store.setParameter(dynamic: "ready", to: true)
        try f.store.setParameter(dynamic: "ready", to: true)
        try f.store.setParameter(dynamic: "ready", to: false)
        try f.store.setParameter(dynamic: "ready", to: true)
        try f.store.donate(dynamic: "done")
        try f.store.setParameter(dynamic: "ready", to: false)   // invalidated stays invalidated
        let seen = await r.waitFor(5)
        #expect(seen == [.pending, .available, .pending, .available, .invalidated(.actionPerformed)])
    }

    static let timeCatalog = """
    config { displayFrequency daily }
    event e
    event f maxAge 1d
    param deadline: Date = date("2026-01-03")
    tip Window { title "w" rule count(e within 1h) >= 1 }
    tip Since { title "s" rule now - last(e) > 3d }
    tip Age { title "a" rule count(f) >= 1 }
    tip Date { title "d" rule now >= deadline }
    tip Other { title "o" }
    tip First { title "x" ignoresDisplayFrequency }
    tip Long { title "l" maxDisplayDuration 90s ignoresDisplayFrequency }
    """

    /// Rows: what happens before time passes, the tip watched, the time that passes and
    /// the statuses the observer must see (exactly, in order).
    static let timeRows: [(String, String, Int64, [TipStatus])] = [
        ("a donation leaving a window", "Window", hour + 1, [.pending, .available, .pending]),
        ("now - last(e) > 3d becoming true", "Since", 3 * day + 1, [.pending, .available]),
        ("maxAge expiry", "Age", day + 1, [.pending, .available, .pending]),
        ("now reaching a date parameter", "Date", 2 * day, [.pending, .available]),
        ("a cooldown ending", "Other", day, [.available, .pending, .available]),
        ("a display-duration limit", "Long", 90 * second, [.available, .invalidated(.displayDurationExceeded)]),
    ]

    @Test("Observers: fire when time alone changes a status", arguments: timeRows)
    func timeOnlyChanges(what: String, tip: String, elapse: Int64, expected: [TipStatus]) async throws {
        let f = try Fixture(Self.timeCatalog)
        let r = Recorder(try f.store.statusUpdates(of: TipKey(tip)))
        switch tip {
        case "Window", "Since": try f.store.donate(dynamic: "e")
        case "Age": try f.store.donate(dynamic: "f")
        case "Other": try f.store.presentationBegan("First")
        case "Long": try f.store.presentationBegan("Long")
        default: break
        }
        // Step through time in small hops, as a running app would, plus one big jump.
        let start = f.clock.now()
        f.clock.advance(by: elapse / 2)
        f.clock.advance(to: start + elapse + 10 * day)
        let seen = await r.waitFor(expected.count)
        #expect(seen == expected, "\(what)")
    }

    @Test("Observers: each time-driven change is seen at its exact instant")
    func exactInstant() async throws {
        let f = try Fixture(Self.timeCatalog)
        let t0 = f.clock.now()
        try f.store.donate(dynamic: "e")
        let times = Locked<[Int64]>([])
        let clock = f.clock
        let presenter = try TipPresenter(store: f.store, tip: "Window",
                                         present: { _ in times.withLock { $0.append(clock.now()) } },
                                         dismiss: { times.withLock { $0.append(clock.now()) } })
        f.clock.advance(by: 2 * day)
        #expect(times.withLock { $0 } == [t0, t0 + hour + 1])
        presenter.stop()
    }

    @Test("Observers: a group's current tip is observed the same way")
    func groupObservation() async throws {
        let f = try Fixture("""
        param a: Bool = false
        tip A { title "A" rule a }
        tip B { title "B" }
        group G { A, B }
        """)
        let r = Recorder(try f.store.currentTipUpdates(inGroup: "G"))
        try f.store.setParameter(dynamic: "a", to: true)
        try f.store.setParameter(dynamic: "a", to: true)
        try f.store.invalidate("A", reason: .tipClosed)
        try f.store.invalidate("B", reason: .tipClosed)
        let seen = await r.waitFor(4)
        #expect(seen == [TipKey("B"), TipKey("A"), TipKey("B"), nil])
    }

    @Test("Observers: cancelling the reading task stops observation and its wake-ups")
    func cancelStops() async throws {
        let f = try Fixture(Self.timeCatalog)
        try f.store.donate(dynamic: "e")
        let r = Recorder(try f.store.statusUpdates(of: "Window"))
        _ = await r.waitFor(1)
        #expect(f.store.observerCount == 1)
        r.cancel()
        for _ in 0..<200 where f.store.observerCount > 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(f.store.observerCount == 0)
        #expect(f.clock.pendingWakeUps == 0)
    }

    @Test("Observers: no wake-up is scheduled when nothing time-dependent is watched")
    func noNeedlessWakeUps() throws {
        let f = try Fixture(Self.timeCatalog)
        try f.store.donate(dynamic: "e")
        #expect(f.clock.pendingWakeUps == 0)
        let stream = try f.store.statusUpdates(of: "Window")
        #expect(f.clock.pendingWakeUps == 1)
        _ = stream
    }
}

@Suite("Reports")
struct ReportTests {
    @Test("Reports: every rule's result, display state, cooldown and override, for every known tip")
    func reports() throws {
        let f = try Fixture("""
        config { displayFrequency daily }
        param a: Bool = true
        param b: Bool = false
        tip T { title "T" rule a rule b maxDisplayCount 3 }
        tip U { title "U" }
        tip R(x: Int) { id "R-\\(x)" title "R" }
        """, overrides: TestingOverrides(hide: ["U"]))
        try f.store.presentationBegan(TipKey("R", arguments: ["x": 1]))
        f.clock.advance(seconds: 5)
        let all = f.store.reports()
        #expect(all.map(\.id) == ["T", "U", "R-1"])
        #expect(all[0].rules == [true, false] && all[0].status == .pending && all[0].heldBackByCooldown)
        #expect(all[1].override == "hide" && all[1].status == .pending)
        #expect(all[2].isDisplayed && all[2].displayCount == 1 && all[2].displayMilliseconds == 5000)
    }
}
