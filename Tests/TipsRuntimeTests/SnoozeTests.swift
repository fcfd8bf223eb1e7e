import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// `snooze INTERVAL [limit N]` (issue 20 item 3): the journal's `snooze` record, the
/// `snoozed(until:)` status, the tip's return at `until`, the limit's dismissal for good,
/// replay after a relaunch, explain, and the merge rule.
@Suite("Snooze")
struct SnoozeTests {
    static let catalog = """
    tip Timer {
        title "Timers"
        action "later" { title "Remind Me Later" snooze 3d limit 2 }
        action "got-it" { title "Got It" invalidate }
    }
    tip Free {
        title "Free"
        action "later" { title "Later" snooze 1h }
    }
    """

    @Test("A snooze hides the tip until its end, then it is available again; the limit's next press dismisses it for good")
    func snoozeAndLimit() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        #expect(try f.status("Timer") == .available)
        try f.store.perform(action: "later", of: "Timer")
        #expect(try f.status("Timer") == .snoozed(until: t0 + 3 * day))
        f.clock.advance(by: 3 * day - 1)
        #expect(try f.status("Timer") == .snoozed(until: t0 + 3 * day))
        f.clock.advance(by: 1)
        #expect(try f.status("Timer") == .available)
        try f.store.perform(action: "later", of: "Timer")
        f.clock.advance(by: 3 * day)
        #expect(try f.status("Timer") == .available)
        try f.store.perform(action: "later", of: "Timer")
        #expect(try f.status("Timer") == .invalidated(.tipClosed))
        #expect(try f.recordTypes() == ["snooze", "snooze", "invalidate"])
    }

    @Test(arguments: [1, 5, 20])
    func withoutALimitEverySnoozeCounts(_ times: Int) throws {
        let f = try Fixture(Self.catalog)
        for _ in 0..<times {
            try f.store.perform(action: "later", of: "Free")
            #expect(try f.status("Free") == .snoozed(until: f.clock.now() + hour))
            f.clock.advance(by: hour)
            #expect(try f.status("Free") == .available)
        }
        #expect(try f.recordTypes() == Array(repeating: "snooze", count: times))
    }

    @Test("The snooze and its count survive a relaunch (journal replay)")
    func replay() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.perform(action: "later", of: "Timer")
        try f.reopen()
        #expect(try f.status("Timer") == .snoozed(until: t0 + 3 * day))
        f.clock.advance(by: 3 * day)
        try f.store.perform(action: "later", of: "Timer")
        try f.reopen()
        f.clock.advance(by: 3 * day)
        try f.store.perform(action: "later", of: "Timer")
        #expect(try f.status("Timer") == .invalidated(.tipClosed))
    }

    @Test("Explain says until when and how many snoozes were used; next says when it comes back")
    func explain() throws {
        let f = try Fixture(Self.catalog)
        let t0 = f.clock.now()
        try f.store.perform(action: "later", of: "Timer")
        let text = try f.store.explanation(of: "Timer").text
        let until = ExplanationFormat.date(t0 + 3 * day)
        #expect(text.contains("snoozed until \(until), 1 of 2 snoozes used"), "\(text)")
        #expect(text.contains("next: available at \(until)"), "\(text)")
    }

    @Test("A scheduled observer sees the tip come back at the snooze's end")
    func observerWakes() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.perform(action: "later", of: "Timer")
        let recorder = Recorder(try f.store.statusUpdates(of: "Timer"))
        try await Task.sleep(nanoseconds: 50_000_000)
        f.clock.advance(by: 3 * day)
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(recorder.values.last == .available)
    }

    static let mergeCases: [([JournalRecord], [JournalRecord], Snooze?)] = [
        ([.snooze(tip: "T", until: 100, count: 1, at: 10)], [.snooze(tip: "T", until: 300, count: 1, at: 20)],
         Snooze(until: 300, count: 1, at: 20)),
        ([.snooze(tip: "T", until: 500, count: 2, at: 30)], [.snooze(tip: "T", until: 300, count: 1, at: 20)],
         Snooze(until: 500, count: 2, at: 30)),
        ([.snooze(tip: "T", until: 500, count: 2, at: 30)], [.resetEligibility(tip: "T", at: 40)], nil),
        ([.snooze(tip: "T", until: 500, count: 1, at: 30)], [.resetStore(at: 30)], nil),
    ]

    @Test("Merge: latest until wins per tip (with the larger count); resets drop earlier snoozes", arguments: mergeCases)
    func merge(_ a: [JournalRecord], _ b: [JournalRecord], _ want: Snooze?) {
        let ab = JournalMerge(records: a).merging(JournalMerge(records: b))
        let ba = JournalMerge(records: b).merging(JournalMerge(records: a))
        #expect(ab == ba)
        #expect(ab.snooze(of: "T") == want)
        #expect(ab.state.snoozes["T"] == want)
    }
}

/// A presenter dismisses a tip its snoozing action snoozed, and presents it again at the
/// snooze's end ("Remind me later" as a TipKit user expects it).
@Suite("Snooze: presenter")
struct SnoozePresenterTests {
    @Test func snoozeDismissesAndTheTipComesBack() async throws {
        let f = try Fixture(SnoozeTests.catalog)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "Timer", present: ui.present, dismiss: ui.dismiss, onAction: ui.action)
        try p.perform(action: "later")
        #expect(ui.entries == ["present Timer", "dismiss", "action later"])
        f.clock.advance(by: 3 * day)
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(ui.entries.last == "present Timer", "\(ui.entries)")
        p.stop()
    }
}
