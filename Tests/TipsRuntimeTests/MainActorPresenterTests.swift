import Foundation
import Testing
@testable import TipsRuntime

/// What a main-actor host saw, in order. Only touched on the main actor.
@MainActor
final class MainActorLog {
    var entries: [String] = []

    func add(_ entry: String) {
        // The callbacks are `@MainActor` closures; this checks at run time that they really
        // run on the main actor's executor (a callback run from another thread traps here).
        MainActor.assertIsolated()
        entries.append(entry)
    }
}

/// Waits (up to 2 s, letting the main actor run) until `condition` holds; returns it.
@MainActor
func eventually(_ condition: @MainActor () throws -> Bool) async rethrows -> Bool {
    for _ in 0..<400 {
        if try condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return try condition()
}

/// Lets pending main-actor work run, so a test can check that nothing more arrives.
@MainActor
func settle() async {
    for _ in 0..<4 { try? await Task.sleep(nanoseconds: 5_000_000) }
}

// Swift Testing runs `@MainActor` test functions on the main actor's executor. On Linux
// under `swift test` (Swift 6.3) that executor's jobs don't run on the process's first
// thread, nor always on the same thread (`Thread.isMainThread` is false there, though
// the jobs never overlap), so the check is `MainActor.assertIsolated()`, which asks the
// runtime, plus an overlap detector; not `Thread.isMainThread`.
@Suite("Presenters: main-actor callbacks")
struct MainActorPresenterTests {
    static let catalog = PresenterHostTests.catalog

    @MainActor
    static func presenter(_ store: TipStore, _ log: MainActorLog, tip: TipKey = "T") throws -> TipPresenter {
        try TipPresenter(store: store, tip: tip, callbacksOn: MainActor.self,
                         present: { c in log.add("present \(c.id)") },
                         dismiss: { log.add("dismiss") },
                         onAction: { id in log.add("action \(id)") },
                         onError: { e in log.add("error \(e.kind)") })
    }

    @MainActor @Test("Main actor: callbacks run there, for changes made on the main actor and on other threads")
    func runsOnMainActor() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let log = MainActorLog()
        let p = try Self.presenter(f.store, log)
        #expect(log.entries.isEmpty)   // never from inside the initializer
        #expect(await eventually { log.entries == ["present T"] })
        #expect(try f.store.report(of: "T").isDisplayed)
        // A change made on another thread.
        let store = f.store
        try await Task.detached { try store.setParameter(dynamic: "ready", to: false) }.value
        #expect(await eventually { log.entries == ["present T", "dismiss"] })
        #expect(try f.store.report(of: "T").isDisplayed == false)
        try await Task.detached { try store.setParameter(dynamic: "ready", to: true) }.value
        #expect(await eventually { log.entries.count == 3 })
        // Actions performed on another thread are told on the main actor.
        try await Task.detached { [p] in try p.perform(action: "later") }.value
        #expect(await eventually { log.entries.last == "action later" })
        #expect(log.entries == ["present T", "dismiss", "present T", "action later"])
        p.stop()
        #expect(await eventually { log.entries.last == "dismiss" })
        #expect(try f.store.report(of: "T").displayCount == 2)
    }

    @MainActor @Test("Main actor: a flurry of changes from many threads arrives in order, one at a time, and the record agrees")
    func inOrderUnderContention() async throws {
        let f = try Fixture(Self.catalog)
        let log = MainActorLog()
        let busy = MainActorFlag()
        let p = try TipPresenter(store: f.store, tip: "T", callbacksOn: MainActor.self,
                                 present: { c in busy.enter(); log.add("present"); busy.leave() },
                                 dismiss: { busy.enter(); log.add("dismiss"); busy.leave() })
        let store = f.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for w in 0..<4 {
                group.addTask {
                    for i in 0..<50 { try store.setParameter(dynamic: "ready", to: .bool((i + w) % 2 == 0)) }
                }
            }
            try await group.waitForAll()
        }
        try store.setParameter(dynamic: "ready", to: true)
        #expect(await eventually { log.entries.last == "present" })
        await settle()
        #expect(!busy.overlapped)
        // Strictly alternating, starting with present: never two presents or dismisses in a row.
        for (i, e) in log.entries.enumerated() { #expect(e == (i % 2 == 0 ? "present" : "dismiss")) }
        let report = try store.report(of: "T")
        #expect(report.isDisplayed)
        #expect(p.isPresenting)
        #expect(report.displayCount == Int64(log.entries.filter { $0 == "present" }.count))
        p.stop()
    }

    @MainActor @Test("Main actor: the host declines, nothing is recorded; retry() after the obstacle is gone shows it")
    func declineOnMainActor() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let log = MainActorLog()
        let otherPopoverShowing = MainActorFlag()
        otherPopoverShowing.value = true
        let p = try TipPresenter(store: f.store, tip: "T", callbacksOn: MainActor.self,
                                 offer: { c in
                                     guard !otherPopoverShowing.value else { log.add("decline"); return false }
                                     log.add("present \(c.id)")
                                     return true
                                 },
                                 dismiss: { log.add("dismiss") })
        #expect(await eventually { log.entries == ["decline"] })
        #expect(try f.store.report(of: "T").displayCount == 0)
        otherPopoverShowing.value = false
        p.retry()
        #expect(await eventually { log.entries == ["decline", "present T"] })
        #expect(try f.store.report(of: "T").displayCount == 1)
        p.stop()
    }

    @MainActor @Test("Main actor: close under show-all and tap outside keep screen and store agreeing")
    func closeAndTapOutsideOnMainActor() async throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(showAll: true))
        let log = MainActorLog()
        let p = try Self.presenter(f.store, log)
        #expect(await eventually { p.isPresenting })
        p.userDismissed()
        #expect(try await eventually { try f.store.report(of: "T").isDisplayed == false })
        await settle()
        #expect(log.entries == ["present T"])   // no dismiss: the view was already gone
        #expect(!p.isPresenting)
        p.stop()

        let q = try Self.presenter(f.store, log)   // a new presenter shows it again
        #expect(await eventually { log.entries == ["present T", "present T"] })
        try q.close()
        #expect(await eventually { log.entries.last == "dismiss" })
        #expect(try f.store.report(of: "T").invalidatedAt != nil)
        #expect(try f.store.status(of: "T") == .available)
        await settle()
        #expect(log.entries == ["present T", "present T", "dismiss"])
        q.stop()
    }

    @MainActor @Test("Main actor: a presenter released on another thread dismisses on the main actor")
    func releasedOffMainActor() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let log = MainActorLog()
        let holder = Locked<TipPresenter?>(try Self.presenter(f.store, log))
        #expect(await eventually { log.entries == ["present T"] })
        await Task.detached { holder.withLock { $0 = nil } }.value
        #expect(await eventually { log.entries == ["present T", "dismiss"] })
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(f.store.observerCount == 0)
    }

    @MainActor @Test("Main actor: a group presenter shows members and tells actions there")
    func groupOnMainActor() async throws {
        let f = try Fixture("""
        tip A { title "A" action "ok" { title "OK" invalidate } }
        tip B { title "B" }
        group G { A, B }
        """)
        let log = MainActorLog()
        let p = try TipGroupPresenter(store: f.store, group: "G", callbacksOn: MainActor.self,
                                      present: { c in log.add("present \(c.id)") },
                                      dismiss: { log.add("dismiss") },
                                      onAction: { tip, id in log.add("action \(tip.name) \(id)") })
        #expect(await eventually { p.presentedTip == "A" })
        try p.perform(action: "ok")
        #expect(await eventually { log.entries == ["present A", "dismiss", "present B", "action A ok"] })
        p.stop()
    }
}

/// A main-actor flag for hosts in tests; `enter`/`leave` detect overlapping callbacks.
@MainActor
final class MainActorFlag {
    var value = false
    private var inside = 0
    private(set) var overlapped = false

    func enter() {
        inside += 1
        if inside > 1 { overlapped = true }
    }

    func leave() { inside -= 1 }
}
