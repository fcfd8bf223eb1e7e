import Foundation
import Testing
@testable import TipsRuntime

/// A UI stand-in: records what the presenter asked it to do.
final class FakeUI: Sendable {
    let log = Locked<[String]>([])
    var entries: [String] { log.withLock { $0 } }
    var present: @Sendable (TipContent) -> Void { { [log] c in log.withLock { $0.append("present \(c.id)") } } }
    var dismiss: @Sendable () -> Void { { [log] in log.withLock { $0.append("dismiss") } } }
    /// Whether `offer` accepts (a host that can show the tip now).
    let accepting = Locked(true)
    var offer: @Sendable (TipContent) -> Bool {
        { [log, accepting] c in
            let yes = accepting.withLock { $0 }
            log.withLock { $0.append(yes ? "present \(c.id)" : "decline \(c.id)") }
            return yes
        }
    }
    var action: @Sendable (TipAction) -> Void { { [log] id in log.withLock { $0.append("action \(id)") } } }
    var error: @Sendable (TipStoreError) -> Void { { [log] e in log.withLock { $0.append("error \(e.kind)") } } }
}

@Suite("Presenters")
struct PresenterTests {
    static let catalog = """
    param ready: Bool = false
    tip T {
        title "T"
        rule ready
        maxDisplayDuration 2m
        action "got-it" { title "Got It" invalidate }
    }
    tip A { title "A" rule ready }
    tip B { title "B" }
    group G { A, B }
    """

    @Test("Presenter: presents when available and records the presentation; dismisses when it stops being available")
    func presentsAndDismisses() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries.isEmpty)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["present T"])
        #expect(p.isPresenting)
        #expect(try f.store.report(of: "T").isDisplayed)
        try f.store.setParameter(dynamic: "ready", to: false)
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.store.report(of: "T").isDisplayed == false)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(try f.store.report(of: "T").displayCount == 2)
        p.stop()
    }

    @Test("Presenter: the close button and actions invalidate and dismiss")
    func closeAndAction() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries == ["present T"])
        try p.close()
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.recordTypes() == ["param", "displayBegan", "invalidate", "displayEnded"])
        try f.store.resetEligibility("T")
        #expect(ui.entries.last == "present T")
        try p.perform(action: "got-it")
        #expect(ui.entries.last == "dismiss")
        #expect(try f.status("T") == .invalidated(.actionPerformed))
    }

    @Test("Presenter: time alone dismisses (display-duration limit) and records the end")
    func timeDismisses() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        f.clock.advance(minutes: 5)
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.store.report(of: "T").displayMilliseconds == 2 * minute)
        #expect(try f.status("T") == .invalidated(.displayDurationExceeded))
        p.stop()
    }

    @Test("Presenter: stop() dismisses, ends the presentation record, and is idempotent")
    func stopEnds() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        let p = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        f.clock.advance(seconds: 30)
        p.stop()
        p.stop()
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(try f.store.report(of: "T").displayMilliseconds == 30 * second)
        try f.store.setParameter(dynamic: "ready", to: false)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(f.store.observerCount == 0)
    }

    @Test("Presenter: dropping it stops it")
    func deinitStops() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let ui = FakeUI()
        var p: TipPresenter? = try TipPresenter(store: f.store, tip: "T", present: ui.present, dismiss: ui.dismiss)
        #expect(p?.isPresenting == true)
        p = nil
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.store.report(of: "T").isDisplayed == false)
    }

    @Test("Presenter: stop() from inside a callback takes effect right after it")
    func stopFromCallback() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        let holder = Locked<TipPresenter?>(nil)
        let p = try TipPresenter(store: f.store, tip: "T",
                                 present: { c in ui.present(c); holder.withLock { $0 }?.stop() },
                                 dismiss: ui.dismiss)
        holder.withLock { $0 = p }
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(ui.entries == ["present T", "dismiss"])
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.store.report(of: "T").isDisplayed == false)
        holder.withLock { $0 = nil }
    }

    @Test("Group presenter: shows the current member, switches without pre-empting, records each presentation")
    func groupPresenter() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        let p = try TipGroupPresenter(store: f.store, group: "G", present: ui.present, dismiss: ui.dismiss)
        #expect(ui.entries == ["present B"])
        try f.store.setParameter(dynamic: "ready", to: true)   // A is earlier, but B is displayed
        #expect(ui.entries == ["present B"])
        try p.close()                                  // B closed: A takes over
        #expect(ui.entries == ["present B", "dismiss", "present A"])
        #expect(p.presentedTip == "A")
        #expect(try f.store.report(of: "B").isDisplayed == false)
        #expect(try f.store.report(of: "A").isDisplayed)
        p.stop()
        #expect(ui.entries.last == "dismiss")
        #expect(try f.store.report(of: "A").isDisplayed == false)
    }

    @Test("Presenter: unknown tips and groups are refused")
    func unknown() throws {
        let f = try Fixture(Self.catalog)
        let ui = FakeUI()
        #expect(throws: TipStoreError(.unknownTip, "unknown tip 'Nope'")) {
            try TipPresenter(store: f.store, tip: "Nope", present: ui.present, dismiss: ui.dismiss)
        }
        #expect(throws: TipStoreError(.unknownGroup, "unknown group 'Nope'")) {
            try TipGroupPresenter(store: f.store, group: "Nope", present: ui.present, dismiss: ui.dismiss)
        }
    }
}
