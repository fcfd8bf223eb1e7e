import Foundation
import Testing
import TipsJournal
@testable import TipsRuntime

/// What the host tells a presenter: "not now", "the user tapped outside", the close button
/// under a testing override, actions, and the errors it hears back. Callbacks on the
/// calling thread (the main-actor variant has its own suite).
@Suite("Presenters: the host's side")
struct PresenterHostTests {
    static let catalog = """
    param ready: Bool = false
    param level: Int = 0
    tip T {
        title "T"
        rule ready
        action "got-it" { title "Got It" invalidate }
        action "later" { title "Later" set level = level + 1 }
    }
    tip A { title "A" rule ready }
    tip B { title "B" }
    group G { A, B }
    """

    // MARK: Declining

    @Test("Decline: nothing is recorded; retry() offers again; an accepted offer is recorded once")
    func declineAndRetry() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        ui.accepting.withLock { $0 = false }
        let p = try TipPresenter(store: f.store, tip: "T", offer: ui.offer, dismiss: ui.dismiss)
        #expect(ui.entries == ["decline T"])
        #expect(!p.isPresenting)
        #expect(try f.store.report(of: "T").displayCount == 0)
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(try !f.recordTypes().contains("displayBegan"))
        // A store change that doesn't touch the tip's status doesn't re-offer.
        try f.store.setParameter(dynamic: "level", to: 3)
        #expect(ui.entries == ["decline T"])
        p.retry()
        #expect(ui.entries == ["decline T", "decline T"])
        ui.accepting.withLock { $0 = true }
        p.retry()
        #expect(ui.entries == ["decline T", "decline T", "present T"])
        #expect(p.isPresenting)
        #expect(try f.store.report(of: "T").displayCount == 1)
        p.retry()   // nothing declined: nothing happens
        #expect(ui.entries.count == 3)
        p.stop()
    }

    @Test("Decline: the tip's next status change offers it again")
    func declineThenStatusChange() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        ui.accepting.withLock { $0 = false }
        let p = try TipPresenter(store: f.store, tip: "T", offer: ui.offer, dismiss: ui.dismiss)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["decline T"])
        ui.accepting.withLock { $0 = true }
        try f.store.setParameter(dynamic: "ready", to: false)   // no dismiss: nothing was shown
        #expect(ui.entries == ["decline T"])
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["decline T", "present T"])
        #expect(try f.store.report(of: "T").displayCount == 1)
        p.stop()
    }

    @Test("Decline: a group presenter offers the current tip again on retry()")
    func groupDecline() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        ui.accepting.withLock { $0 = false }
        let p = try TipGroupPresenter(store: f.store, group: "G", offer: ui.offer, dismiss: ui.dismiss)
        #expect(ui.entries == ["decline B"])
        #expect(p.presentedTip == nil)
        // The current tip changes while declined (A is earlier and nothing is displayed).
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["decline B", "decline A"])
        ui.accepting.withLock { $0 = true }
        p.retry()
        #expect(ui.entries == ["decline B", "decline A", "present A"])
        #expect(p.presentedTip == "A")
        #expect(try f.store.report(of: "B").displayCount == 0)
        p.stop()
    }

    // MARK: The user dismissed it

    @Test("Tap outside: the presentation ends, dismiss isn't called, the tip stays valid and stays away here until its status changes")
    func userDismissed() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        f.clock.advance(seconds: 10)
        p.userDismissed()
        #expect(ui.entries == ["present T"])
        #expect(!p.isPresenting)
        let report = try f.store.report(of: "T")
        #expect(report.isDisplayed == false)
        #expect(report.displayMilliseconds == 10 * second)
        #expect(report.status == .available)
        #expect(report.invalidatedAt == nil)
        #expect(try f.recordTypes() == ["param", "displayBegan", "displayEnded"])
        p.userDismissed()   // nothing shown: no-op
        try f.store.setParameter(dynamic: "level", to: 1)
        #expect(ui.entries == ["present T"])
        // Another place (a new presenter: the screen shown again) shows it.
        let other = FakeUI()
        let q = try TipPresenter(store: f.store, tip: "T", present: other.present, dismiss: other.dismiss)
        #expect(other.entries == ["present T"])
        q.stop()
        // Its status changes: this presenter shows it again.
        try f.store.setParameter(dynamic: "ready", to: false)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["present T", "present T"])
        #expect(try f.store.report(of: "T").displayCount == 3)
        p.stop()
    }

    @Test("Tap outside with invalidate: closed for good (tipClosed), dismiss isn't called")
    func userDismissedInvalidates() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        p.userDismissed(invalidate: true)
        #expect(ui.entries == ["present T"])
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(try f.recordTypes() == ["param", "displayBegan", "invalidate", "displayEnded"])
        #expect(p.lastError == nil)
        p.stop()
        #expect(ui.entries == ["present T"])
    }

    @Test("Tap outside in a group: the member stays current but away here; the next current member shows")
    func groupUserDismissed() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        let p = try TipGroupPresenter(store: f.store, group: "G", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries == ["present B"])
        p.userDismissed()
        #expect(p.presentedTip == nil)
        #expect(try f.store.report(of: "B").isDisplayed == false)
        try f.store.setParameter(dynamic: "ready", to: true)   // A becomes current: it shows
        #expect(ui.entries == ["present B", "present A"])
        p.stop()
    }

    // MARK: Close under a testing override

    @Test("Close under an override that keeps the tip available: dismissed, invalidated, not shown again here",
          arguments: [TestingOverrides(showAll: true), TestingOverrides(show: ["T"])])
    func closeUnderOverride(overrides: TestingOverrides) throws {
        let f = try Fixture(Self.catalog, overrides: overrides)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries == ["present T"])
        try p.close()
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(!p.isPresenting)
        #expect(try f.status("T") == .available)                   // the override still shows it
        #expect(try f.store.report(of: "T").invalidatedAt != nil)  // but the store closed it
        #expect(try f.recordTypes() == ["displayBegan", "invalidate", "displayEnded"])
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["present T", "dismiss"])
        // Lifting the override changes the status: still invalidated, so nothing shows.
        f.store.setTestingOverrides(.none)
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(ui.entries == ["present T", "dismiss"])
        p.stop()
    }

    @Test("An invalidating action under an override dismisses too; one that doesn't invalidate keeps the tip")
    func actionUnderOverride() throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(showAll: true))
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss, onAction: ui.action)
        try p.perform(action: "later")
        #expect(ui.entries == ["present T", "action later"])
        try p.perform(action: "got-it")
        #expect(ui.entries == ["present T", "action later", "dismiss", "action got-it"])
        #expect(try f.store.report(of: "T").invalidatedAt != nil)
        p.stop()
    }

    @Test("Group close under show-all: the closed member goes, and stays away while the override keeps it current")
    func groupCloseUnderOverride() throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(showAll: true))
        let ui = FakeUI()
        let p = try TipGroupPresenter(store: f.store, group: "G", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries == ["present A"])
        try p.close()
        #expect(ui.entries == ["present A", "dismiss"])
        #expect(try f.store.report(of: "A").invalidatedAt != nil)
        p.stop()
    }

    // MARK: Actions and errors

    @Test("Actions: onAction hears the id after the store applied the effects and after the dismiss they caused")
    func onAction() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let store = f.store
        let seenLevel = Locked<TipValue?>(nil)
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss,
                                 onAction: { id in
                                     ui.action(id)
                                     seenLevel.withLock { $0 = try? store.parameter(dynamic: "level") }
                                 })
        try p.perform(action: "later")
        #expect(ui.entries == ["present T", "action later"])
        #expect(seenLevel.withLock { $0 } == .int(1))
        try p.perform(action: "got-it")
        #expect(ui.entries == ["present T", "action later", "dismiss", "action got-it"])
        #expect(try f.status("T") == .invalidated(.actionPerformed))
        #expect(throws: TipStoreError.self) { try p.perform(action: "nope") }
        #expect(ui.entries.count == 4)
        p.stop()
    }

    @Test("Actions: a group presenter tells the tip and the id; nothing when no tip is shown")
    func groupOnAction() throws {
        let f = try Fixture("""
        tip A { title "A" action "ok" { title "OK" invalidate } }
        tip B { title "B" }
        group G { A, B }
        """)
        let heard = Locked<[String]>([])
        let ui = FakeUI()
        let p = try TipGroupPresenter(store: f.store, group: "G", present: ui.present, dismiss: ui.dismiss,
                                      onAction: { tip, id in heard.withLock { $0.append("\(tip.name) \(id)") } })
        try p.perform(action: "ok")
        #expect(heard.withLock { $0 } == ["A ok"])
        #expect(ui.entries == ["present A", "dismiss", "present B"])
        p.stop()
        try p.perform(action: "ok")
        #expect(heard.withLock { $0 } == ["A ok"])
    }

    @Test("Errors: a journal failure recording a presentation reaches onError and lastError; the tip still shows")
    func onError() throws {
        let failing = Locked(false)
        let io = JournalIO(write: { fd, bytes in failing.withLock { $0 } ? -28 : JournalIO.system.write(fd, bytes) },
                           fsync: { fd in JournalIO.system.fsync(fd) })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-presenter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try TipStore(bundle: try compileBundle(Self.catalog), journalURL: dir.appendingPathComponent("s.jsonl"),
                                 clock: ManualClock(), overrides: .none, durability: .synced, io: io)
        try store.setParameter(dynamic: "ready", to: true)
        failing.withLock { $0 = true }
        let ui = FakeUI()
        let p = try TipPresenter(store: store, tip: "T", present: ui.present, dismiss: ui.dismiss, onError: ui.error)
        #expect(ui.entries == ["present T", "error journal"])
        #expect(p.lastError?.kind == .journal)
        #expect(p.isPresenting)
        failing.withLock { $0 = false }
        p.stop()
        #expect(ui.entries == ["present T", "error journal", "dismiss"])
    }

    @Test("Errors: a failing close still dismisses (the user asked for it) and throws")
    func failingCloseDismisses() throws {
        let failing = Locked(false)
        let io = JournalIO(write: { fd, bytes in failing.withLock { $0 } ? -28 : JournalIO.system.write(fd, bytes) },
                           fsync: { fd in JournalIO.system.fsync(fd) })
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tips-presenter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try TipStore(bundle: try compileBundle(Self.catalog), journalURL: dir.appendingPathComponent("s.jsonl"),
                                 clock: ManualClock(), overrides: .none, durability: .synced, io: io)
        try store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: store, tip: "T", present: ui.present, dismiss: ui.dismiss, onError: ui.error)
        failing.withLock { $0 = true }
        #expect(throws: TipStoreError.self) { try p.close() }
        #expect(ui.entries == ["present T", "dismiss", "error journal"])   // recording the end failed too
        #expect(!p.isPresenting)
        #expect(try store.status(of: "T") == .available)
        p.stop()
    }
}
