import Foundation
import Observation
import Testing
@testable import TipsRuntime

/// Registers a one-shot observation of whatever `read` touches on the model; the returned
/// flag turns true when SwiftUI would re-render (Observation's `onChange`).
@MainActor
func observeChange(_ read: @MainActor () -> Void) -> Locked<Bool> {
    let changed = Locked(false)
    withObservationTracking { read() } onChange: { changed.withLock { $0 = true } }
    return changed
}

@Suite("Observable tip models")
struct TipModelTests {
    static let catalog = PresenterHostTests.catalog

    @MainActor @Test("TipModel: content and isPresented change (observably) when the tip becomes available and when it is closed")
    func becomesAvailableAndCloses() async throws {
        let f = try Fixture(Self.catalog)
        let model = try TipModel(store: f.store, tip: "T")
        await settle()
        #expect(model.content == nil)
        #expect(!model.isPresented)
        var changed = observeChange { _ = model.isPresented }
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(await eventually { changed.withLock { $0 } })
        #expect(model.content?.id == "T")
        #expect(model.content?.title.fallbackText == "T")
        #expect(model.isPresented)
        #expect(try f.store.report(of: "T").isDisplayed)

        changed = observeChange { _ = model.content }
        model.close()
        #expect(await eventually { changed.withLock { $0 } })
        #expect(model.content == nil)
        #expect(try f.status("T") == .invalidated(.tipClosed))
        #expect(try f.store.report(of: "T").isDisplayed == false)
        #expect(model.lastError == nil)
    }

    @MainActor @Test("TipModel: SwiftUI setting isPresented to false (tap outside) ends the presentation without invalidating")
    func tapOutsideThroughBinding() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let model = try TipModel(store: f.store, tip: "T")
        #expect(await eventually { model.isPresented })
        let changed = observeChange { _ = model.isPresented }
        model.isPresented = false   // what `.popover(isPresented: $model.isPresented)` does
        #expect(changed.withLock { $0 })
        #expect(model.content == nil)
        #expect(try await eventually { try f.store.report(of: "T").isDisplayed == false })
        #expect(try f.status("T") == .available)
        await settle()
        #expect(model.content == nil)   // not back until its status changes
        try f.store.setParameter(dynamic: "ready", to: false)
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(await eventually { model.isPresented })
        #expect(try f.store.report(of: "T").displayCount == 2)
        model.isPresented = true   // ignored: the store decides
        #expect(model.isPresented)
        model.stop()
    }

    @MainActor @Test("TipModel: actions reach onAction after their effects; close works under show-all")
    func actionsAndOverride() async throws {
        let f = try Fixture(Self.catalog, overrides: TestingOverrides(showAll: true))
        let model = try TipModel(store: f.store, tip: "T")
        var heard: [String] = []
        model.onAction = { heard.append($0.id) }
        #expect(await eventually { model.isPresented })
        model.perform(action: "later")
        #expect(await eventually { heard == ["later"] })
        #expect(try f.store.parameter(dynamic: "level") == .int(1))
        #expect(model.isPresented)
        model.perform(action: "nope")
        #expect(model.lastError?.kind == .unknownAction)
        model.close()
        #expect(await eventually { !model.isPresented })
        #expect(try f.store.report(of: "T").invalidatedAt != nil)
        await settle()
        #expect(!model.isPresented)
        #expect(heard == ["later"])
    }

    @MainActor @Test("TipModel: canPresent false declines (nothing recorded); true offers it again")
    func canPresent() async throws {
        let f = try Fixture(Self.catalog)
        let model = try TipModel(store: f.store, tip: "T")
        model.canPresent = false
        try f.store.setParameter(dynamic: "ready", to: true)
        await settle()
        #expect(!model.isPresented)
        #expect(try f.store.report(of: "T").displayCount == 0)
        model.canPresent = true
        #expect(await eventually { model.isPresented })
        #expect(try f.store.report(of: "T").displayCount == 1)
        model.stop()
        #expect(try await eventually { try f.store.report(of: "T").isDisplayed == false })
    }

    @MainActor @Test("TipModel: releasing the model ends the presentation")
    func releaseEnds() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        var model: TipModel? = try TipModel(store: f.store, tip: "T")
        #expect(await eventually { model?.isPresented == true })
        model = nil
        #expect(try await eventually { try f.store.report(of: "T").isDisplayed == false })
        #expect(f.store.observerCount == 0)
    }

    @MainActor @Test("TipModel: a model dropped before the main actor ran (SwiftUI re-evaluating @State) records nothing")
    func droppedAtOnce() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        for _ in 0..<3 { _ = try TipModel(store: f.store, tip: "T") }
        let kept = try TipModel(store: f.store, tip: "T")
        #expect(await eventually { kept.isPresented })
        await settle()
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(f.store.observerCount == 1)
        kept.stop()
    }

    @MainActor @Test("TipModel: unknown tips are refused")
    func unknownTip() throws {
        let f = try Fixture(Self.catalog)
        #expect(throws: TipStoreError(.unknownTip, "unknown tip 'Nope'")) { try TipModel(store: f.store, tip: "Nope") }
        #expect(throws: TipStoreError(.unknownGroup, "unknown group 'Nope'")) { try TipGroupModel(store: f.store, group: "Nope") }
    }

    @MainActor @Test("TipGroupModel: a tap outside (isPresented = false) ends the member's presentation without invalidating it")
    func groupTapOutside() async throws {
        let f = try Fixture(Self.catalog)
        let model = try TipGroupModel(store: f.store, group: "G")
        #expect(await eventually { model.tip == "B" })
        model.isPresented = false
        #expect(model.content == nil)
        #expect(try await eventually { try f.store.report(of: "B").isDisplayed == false })
        #expect(try f.status("B") == .available)
        try f.store.setParameter(dynamic: "ready", to: true)   // A becomes current: shown here
        #expect(await eventually { model.tip == "A" })
        model.stop()
    }

    @MainActor @Test("TipGroupModel: shows the current member, moves on when it is closed, observably")
    func groupModel() async throws {
        let f = try Fixture("""
        param ready: Bool = false
        tip A { title "A" rule ready action "ok" { title "OK" invalidate } }
        tip B { title "B" }
        group G { A, B }
        """)
        let model = try TipGroupModel(store: f.store, group: "G")
        var heard: [String] = []
        model.onAction = { tip, id in heard.append("\(tip.name) \(id)") }
        #expect(await eventually { model.tip == "B" })
        var changed = observeChange { _ = model.content }
        model.close()
        #expect(await eventually { changed.withLock { $0 } })
        #expect(await eventually { model.content == nil })
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(await eventually { model.tip == "A" })
        changed = observeChange { _ = model.tip }
        model.perform(action: "ok")
        #expect(await eventually { heard == ["A ok"] })
        #expect(changed.withLock { $0 })
        #expect(model.content == nil)
        #expect(try f.status("A") == .invalidated(.actionPerformed))
        #expect(try f.status("B") == .invalidated(.tipClosed))
        model.stop()
    }
}
