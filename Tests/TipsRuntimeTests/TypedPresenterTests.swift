import Foundation
import Testing
@testable import TipsRuntime

/// The `TipAction` / `TipGroupKey` overloads of presenters and models (TipPresenter+Typed.swift)
/// reach the same store calls as their String forms.
@Suite("Presenters: typed actions and groups")
struct TypedPresenterTests {
    static let catalog = PresenterHostTests.catalog
    static let later = TipAction("later")
    static let group = TipGroupKey("G")

    @Test("TipPresenter.perform(_: TipAction) runs the action's effects and tells onAction its id")
    func presenterAction() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let heard = Locked<[TipAction]>([])
        let presenter = try TipPresenter(store: f.store, tip: "T", present: { _ in }, dismiss: {},
                                         onAction: { action in heard.withLock { $0.append(action) } })
        try presenter.perform(Self.later)
        #expect(try f.store.parameter(dynamic: "level") == .int(1))
        #expect(heard.withLock { $0 } == [Self.later])
        #expect(throws: TipStoreError.self) { try presenter.perform(TipAction("nope")) }
        presenter.stop()
    }

    @Test("TipGroupPresenter(group: TipGroupKey) presents the group's current tip; perform(_:) acts on it")
    func groupPresenter() throws {
        let f = try Fixture(Self.catalog)
        let shown = Locked<[String]>([])
        let presenter = try TipGroupPresenter(store: f.store, group: Self.group,
                                              present: { content in shown.withLock { $0.append(content.tip.name) } },
                                              dismiss: {})
        #expect(presenter.group == "G")
        #expect(shown.withLock { $0 } == ["B"])
        #expect(throws: TipStoreError.self) { try TipGroupPresenter(store: f.store, group: TipGroupKey("Nope"), present: { _ in }, dismiss: {}) }
        presenter.stop()
    }

    @MainActor @Test("TipGroupPresenter(group:callbacksOn:) with a TipGroupKey delivers on the main actor")
    func mainActorGroupPresenter() async throws {
        let f = try Fixture(Self.catalog)
        var shown: [String] = []
        let presenter = try TipGroupPresenter(store: f.store, group: Self.group, callbacksOn: MainActor.self,
                                              present: { content in shown.append(content.tip.name) }, dismiss: {})
        #expect(await eventually { shown == ["B"] })
        presenter.stop()
    }

    @MainActor @Test("TipModel.perform(_: TipAction) and TipGroupModel(group: TipGroupKey)")
    func models() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let model = try TipModel(store: f.store, tip: "T")
        var heard: [TipAction] = []
        model.onAction = { heard.append($0) }
        #expect(await eventually { model.isPresented })
        model.perform(Self.later)
        #expect(await eventually { heard == [Self.later] })
        #expect(try f.store.parameter(dynamic: "level") == .int(1))
        model.perform(TipAction("nope"))
        #expect(model.lastError?.kind == .unknownAction)
        model.stop()

        let group = try TipGroupModel(store: f.store, group: Self.group)
        #expect(group.group == "G")
        #expect(await eventually { group.tip == "A" })
        group.perform(TipAction("nope"))
        #expect(group.lastError?.kind == .unknownAction)
        group.stop()
    }
}
