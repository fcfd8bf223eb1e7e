import Foundation
import Testing
import TipsRuntime
@testable import ListDetail

/// The tests Docs/adopting.md (section 8) shows: the store alone on a `ManualClock`, in
/// memory, and the SwiftUI model on the main actor. The page's snippets are copies of
/// these lines (the main package's AdoptingGuideTests checks it).
@Suite struct FavoriteTipTests {
    @Test func showsFromTheSecondDetailVisitUntilSomethingIsFavorited() throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600))   // 2026-01-01
        let store = try AppTips.makeInMemoryStore(clock: clock)

        try store.donate(.detailViewed)
        #expect(try store.status(of: .favoriteTip) == .pending)

        clock.advance(days: 1)
        try store.donate(.detailViewed)
        #expect(try store.shouldDisplay(.favoriteTip))

        try store.donate(.itemFavorited(source: .button))
        #expect(try store.status(of: .favoriteTip) == .invalidated(.actionPerformed))
    }

    @MainActor @Test func tapOutsideEndsThePresentationWithoutClosingTheTip() async throws {
        let store = try AppTips.makeInMemoryStore(clock: ManualClock())
        try store.donate(.detailViewed)
        try store.donate(.detailViewed)
        let model = try TipModel(store: store, tip: .favoriteTip)
        #expect(await eventually { model.isPresented })
        #expect(try store.report(of: .favoriteTip).isDisplayed)

        model.isPresented = false                       // what SwiftUI does after a tap outside
        #expect(try await eventually { try store.report(of: .favoriteTip).isDisplayed == false })
        #expect(try store.shouldDisplay(.favoriteTip))   // still available: only close() ends it
        #expect(model.content == nil)
    }

    /// Docs/adopting.md shows the SwiftUI card inline so that the heart's tap reaches the
    /// button: that donation invalidates the tip, and the model takes the card down itself
    /// (the store ends it; no dismissal by the user).
    @MainActor @Test func favoritingWhileTheCardIsUpTakesItDown() async throws {
        let store = try AppTips.makeInMemoryStore(clock: ManualClock())
        try store.donate(.detailViewed)
        try store.donate(.detailViewed)
        let model = try TipModel(store: store, tip: .favoriteTip)
        #expect(await eventually { model.content != nil })

        try store.donate(.itemFavorited(source: .button))   // the heart's action
        #expect(await eventually { model.content == nil })
        #expect(try store.status(of: .favoriteTip) == .invalidated(.actionPerformed))
        #expect(try store.report(of: .favoriteTip).isDisplayed == false)
    }

    @MainActor @Test func theModelPerformsActionsByTheirGeneratedNames() async throws {
        let store = try AppTips.makeInMemoryStore(clock: ManualClock())
        try store.donate(.detailViewed)
        try store.donate(.detailViewed)
        let model = try TipModel(store: store, tip: .favoriteTip)
        var heard: [TipAction] = []
        model.onAction = { action in heard.append(action) }
        #expect(await eventually { model.isPresented })
        model.perform(.learnMore)
        #expect(await eventually { heard == [.learnMore] })   // onAction, too, runs in a main-actor task
        #expect(model.lastError == nil)
    }

    @Test func anInMemoryStoreWritesNothingAndShowsWhatTheOverridesSay() throws {
        let store = try AppTips.makeInMemoryStore(overrides: TestingOverrides(show: ["FavoriteTip"]))
        #expect(store.isInMemory)
        #expect(store.journalPath.isEmpty)
        #expect(try store.shouldDisplay(.favoriteTip))   // a preview's store: shown whatever its rules
    }

    @Test func syncedStoresAreDurableWhenTheCallReturns() throws {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("favorite-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: journal) }
        let store = try AppTips.makeStore(journalURL: journal, clock: ManualClock(), durability: .synced)
        try store.donate(.detailViewed)
        #expect(store.pendingJournalRecords == 0)
        let text = try String(contentsOf: journal, encoding: .utf8)
        #expect(text.contains("detailViewed"))
        try store.close()
    }
}

/// Presenter and model callbacks arrive in a main-actor task shortly after the change:
/// let the main actor run until `condition` holds (or about two seconds have passed).
@MainActor
func eventually(_ condition: @MainActor () throws -> Bool) async rethrows -> Bool {
    for _ in 0..<400 {
        if try condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return try condition()
}
