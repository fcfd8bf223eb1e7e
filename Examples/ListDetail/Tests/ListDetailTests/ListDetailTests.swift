import Foundation
import Testing
import TipsRuntime
@testable import ListDetail

/// The list/detail flow over simulated days: a `ManualClock` and a fresh journal per test,
/// and only the generated API (`AppTips`, `.favoriteTip`, `.itemFavorited(source:)`, ...).
@Suite struct ListDetailTests {
    let clock = ManualClock(start: 1_767_225_600_000)  // 2026-01-01T00:00:00Z
    let journal = FileManager.default.temporaryDirectory.appendingPathComponent("listdetail-\(UUID().uuidString).jsonl")
    let store: TipStore
    let list: ListScreen

    init() throws {
        store = try AppTips.makeStore(journalURL: journal, clock: clock)
        list = try ListScreen(store: store, items: [
            Item(id: 1, title: "Apples"), Item(id: 2, title: "Bread"), Item(id: 3, title: "Coffee"),
        ])
    }

    @Test func favoriteTipAppearsOnTheSecondDetailVisit() throws {
        let first = try list.open(1)
        #expect(first.favoriteTip.content == nil)
        #expect(try store.status(of: .favoriteTip) == .pending)
        first.stop()

        clock.advance(hours: 2)
        let second = try list.open(2)
        let content = try #require(second.favoriteTip.content)
        #expect(content.title.fallbackText == "Favorite This Item")
        #expect(content.image == "heart")
        #expect(content.actions.map(\.action) == [.learnMore])
        #expect(try store.status(of: .favoriteTip) == .available)
    }

    @Test func closingTheTipKeepsItClosed() throws {
        _ = try list.open(1).stop()
        let detail = try list.open(2)
        #expect(detail.favoriteTip.content != nil)
        try detail.closeTip()
        #expect(detail.favoriteTip.content == nil)
        #expect(try store.status(of: .favoriteTip) == .invalidated(.tipClosed))
        detail.stop()

        clock.advance(days: 3)
        let later = try list.open(3)
        #expect(later.favoriteTip.content == nil)
        #expect(later.favoriteTip.timesShown == 0)
    }

    @Test func favoritingTeachesTheButtonAndRemovesTheTip() throws {
        _ = try list.open(1).stop()
        let detail = try list.open(2)
        #expect(detail.favoriteTip.content != nil)
        try detail.toggleFavorite()
        #expect(detail.item.isFavorite)
        #expect(detail.favoriteTip.content == nil)
        #expect(try store.status(of: .favoriteTip) == .invalidated(.actionPerformed))
        #expect(list.rows.map(\.title) == ["Bread", "Apples", "Coffee"])
    }

    @Test func learnMoreKeepsTheTipUntilItsDisplayLimit() throws {
        _ = try list.open(1).stop()
        for visit in 1...3 {
            clock.advance(days: 1)
            let detail = try list.open(2)
            #expect(detail.favoriteTip.content != nil, "visit \(visit)")
            try detail.tipAction(.learnMore)
            detail.stop()
        }
        // maxDisplayCount 3: the fourth visit shows nothing.
        let fourth = try list.open(3)
        #expect(fourth.favoriteTip.content == nil)
        #expect(try store.status(of: .favoriteTip) == .invalidated(.displayCountExceeded))
    }

    @Test func swipeTipFollowsTwoButtonFavoritesAndEndsWithASwipe() throws {
        #expect(list.swipeTip.content == nil)
        for id in [1, 2] {
            let detail = try list.open(id)
            try detail.toggleFavorite()
            detail.stop()
        }
        #expect(try store.parameter(.itemCount) == 3)
        let content = try #require(list.swipeTip.content)
        #expect(content.title.fallbackText == "Swipe to Favorite")
        try list.swipeToFavorite(3)
        #expect(list.swipeTip.content == nil)
        #expect(try store.status(of: .swipeTip) == .invalidated(.actionPerformed))
        #expect(list.rows.allSatisfy { $0.isFavorite })
    }

    @Test func aTapOutsideEndsThePresentationButDoesNotCloseTheTip() throws {
        _ = try list.open(1).stop()
        let detail = try list.open(2)
        #expect(detail.favoriteTip.content != nil)
        #expect(try store.report(of: .favoriteTip).isDisplayed)
        detail.tipDismissedByUser()
        #expect(detail.favoriteTip.content == nil)
        #expect(try store.report(of: .favoriteTip).isDisplayed == false)
        #expect(try store.status(of: .favoriteTip) == .available)
        #expect(detail.favoriteTip.timesShown == 1)
        detail.stop()

        // The next visit's screen shows it again (a second display).
        clock.advance(hours: 1)
        let again = try list.open(3)
        #expect(again.favoriteTip.content != nil)
        #expect(try store.report(of: .favoriteTip).displayCount == 2)
    }

    @Test func stateSurvivesARelaunch() throws {
        _ = try list.open(1).stop()
        try list.open(2).closeTip()
        list.stop()
        try store.close()

        let relaunched = try AppTips.makeStore(journalURL: journal, clock: clock)
        #expect(try relaunched.status(of: .favoriteTip) == .invalidated(.tipClosed))
        #expect(try relaunched.parameter(.itemCount) == 3)
    }
}
