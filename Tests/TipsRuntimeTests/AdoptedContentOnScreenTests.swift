import Foundation
import Testing
@testable import TipsRuntime

/// A tip on screen when an adopted catalog changes its text: the models and the screen
/// coordinator (what TipsUI's views read) show the new text in place, in the same
/// presentation; a model of a tip the adopted catalog removed is made without a throw.
@Suite("Presenters: content from an adopted catalog")
struct AdoptedContentOnScreenTests {
    typealias A = CatalogAdoptionTests

    static let v1 = """
        param ready: Bool = true
        tip T { title "Old title" message "Old message" rule ready }
        tip I { title "Inline old" rule ready }
        tip Gone { title "Gone" rule ready }
        group G firstAvailable { T }
        """

    static var v2: String {
        v1.replacingOccurrences(of: "Old title", with: "New title").replacingOccurrences(of: "Old message", with: "New message")
            .replacingOccurrences(of: "Inline old", with: "Inline new")
    }

    @MainActor @Test("TipModel: the tip on screen shows the adopted text, same presentation")
    func modelShowsTheNewText() async throws {
        let f = try Fixture(Self.v1)
        let model = try TipModel(store: f.store, tip: "T")
        #expect(await eventually { model.content?.title.fallbackText == "Old title" })
        let changed = observeChange { _ = model.content }
        try f.store.adopt(try A.update(Self.v2))
        #expect(await eventually { model.content?.title.fallbackText == "New title" })
        #expect(changed.withLock { $0 })
        #expect(model.content?.message?.fallbackText == "New message")
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.store.report(of: "T").isDisplayed)
        #expect(model.lastError == nil)
    }

    @MainActor @Test("TipGroupModel: the current tip shows the adopted text")
    func groupModelShowsTheNewText() async throws {
        let f = try Fixture(Self.v1)
        let model = try TipGroupModel(store: f.store, group: "G")
        #expect(await eventually { model.content?.title.fallbackText == "Old title" })
        try f.store.adopt(try A.update(Self.v2))
        #expect(await eventually { model.content?.title.fallbackText == "New title" })
        #expect(try f.store.report(of: "T").displayCount == 1)
    }

    @MainActor @Test("TipScreenCoordinator: the popover and the inline card show the adopted text")
    func coordinatorShowsTheNewText() async throws {
        let f = try Fixture(Self.v1)
        let screen = TipScreenCoordinator(store: f.store)
        try screen.add("T", as: .popover)
        try screen.add("I", as: .inline)
        #expect(await eventually { screen.popover?.title.fallbackText == "Old title" && screen.inline["I"] != nil })
        try f.store.adopt(try A.update(Self.v2))
        #expect(await eventually { screen.popover?.title.fallbackText == "New title" })
        #expect(await eventually { screen.content(of: "I")?.title.fallbackText == "Inline new" })
        #expect(screen.popoverTip == "T")
        #expect(try f.store.report(of: "T").displayCount == 1)
        #expect(try f.store.report(of: "I").displayCount == 1)
    }

    @MainActor @Test("TipModel of a tip the adopted catalog removed: made, never shown, no error")
    func modelOfARemovedTip() async throws {
        let f = try Fixture(Self.v1)
        try f.store.setParameter(dynamic: "ready", to: false)
        try f.store.adopt(try A.update(Self.v1.replacingOccurrences(of: "tip Gone { title \"Gone\" rule ready }", with: "")))
        let model = try TipModel(store: f.store, tip: "Gone")
        await settle()
        #expect(model.content == nil)
        #expect(model.lastError == nil)
        #expect(try f.store.status(of: "Gone") == .notInLiveCatalog)
    }
}
