import Foundation
import Testing
@testable import TipsRuntime
import TipsSignature

/// Names the app's typed Swift holds (generated from the embedded catalog) that an adopted
/// catalog removed: `notInLiveCatalog`, never a throw in the hot path; donations and values
/// journaled under the embedded keys; a name in neither catalog still throws.
@Suite struct RemovedFromLiveCatalogTests {
    typealias A = CatalogAdoptionTests

    static let embedded = """
        param hasSeenList: Bool = false
        param level: Int = 2
        event manualSave(menu: Bool)
        event listOpened(from: String)
        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSave) >= 3
        }
        tip ListTip {
            title "Your list"
            rule hasSeenList
            rule count(listOpened) >= 1
        }
        """

    /// The live catalog: ListTip, hasSeenList, level and listOpened are gone.
    static let live = """
        event manualSave(menu: Bool)
        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSave) >= 3
        }
        """

    static func kind(_ body: () throws(TipStoreError) -> Void) -> TipStoreError.Kind? {
        do throws(TipStoreError) { try body(); return nil } catch { return error.kind }
    }

    @Test func aRemovedTipReportsNotInLiveCatalogAndAMisspellingStillThrows() throws {
        let f = try Fixture(Self.embedded)
        // Before any adoption the embedded catalog runs: a tip it lacks is just unknown.
        #expect(Self.kind { () throws(TipStoreError) in _ = try f.store.status(of: "LisTip") } == .unknownTip)
        try f.store.adopt(try A.update(Self.live))
        #expect(try f.store.status(of: "ListTip") == .notInLiveCatalog)
        #expect(try f.store.shouldDisplay("ListTip") == false)
        #expect(!f.store.availableTips().contains("ListTip"))
        #expect(Self.kind { () throws(TipStoreError) in _ = try f.store.status(of: "LisTip") } == .unknownTip)
        #expect(Self.kind { () throws(TipStoreError) in _ = try f.store.content(of: "ListTip") } == .notInLiveCatalog)
        #expect(Self.kind { () throws(TipStoreError) in try f.store.perform(action: "x", of: "ListTip") } == .notInLiveCatalog)
        // Presentation calls are accepted and count nothing (it is never shown).
        try f.store.presentationBegan("ListTip")
        try f.store.presentationEnded("ListTip")
        #expect(f.store.explanation(ofID: "ListTip") == nil)
    }

    @Test func removedEventsAndParametersAreAcceptedAndJournaled() throws {
        let f = try Fixture(Self.embedded)
        try f.store.adopt(try A.update(Self.live))
        let before = try f.journalLines().count
        // The typed API the app was generated with.
        try f.store.donate(TipEvent("listOpened", payload: ["from": .string("menu")]))
        try f.store.setParameter(TipParameter<Bool>("hasSeenList"), to: true)
        #expect(try f.store.parameter(TipParameter<Bool>("hasSeenList")) == true)
        #expect(try f.store.parameter(TipParameter<Int>("level")) == 2)
        // Setting the value it holds writes nothing more.
        try f.store.setParameter(TipParameter<Bool>("hasSeenList"), to: true)
        let lines = try f.journalLines()
        #expect(lines.count == before + 2)
        #expect(lines.suffix(2).contains { $0.contains("\"listOpened\"") })
        #expect(lines.suffix(2).contains { $0.contains("\"hasSeenList\"") })
        // Still checked against the embedded declaration; misspellings still throw.
        #expect(Self.kind { () throws(TipStoreError) in try f.store.donate(dynamic: "listOpened", [:]) } == .wrongFields)
        #expect(Self.kind { () throws(TipStoreError) in try f.store.setParameter(dynamic: "hasSeenList", to: .int(3)) } == .wrongType)
        #expect(Self.kind { () throws(TipStoreError) in try f.store.donate(dynamic: "listOpend") } == .unknownEvent)
        #expect(Self.kind { () throws(TipStoreError) in try f.store.setParameter(dynamic: "hasSeenLis", to: .bool(true)) } == .unknownParameter)
        #expect(Self.kind { () throws(TipStoreError) in _ = try f.store.parameter(dynamic: "levle") } == .unknownParameter)
        // Replay of a journal with records the running catalog lacks: the same state.
        let store = try f.reopen()
        #expect(try store.status(of: "ShortcutTip") == .pending)
    }

    @Test func observersHearTheRemovalAndTheReturn() async throws {
        let f = try Fixture(Self.embedded)
        try f.store.setParameter(dynamic: "hasSeenList", to: false)
        let heard = try A.listen(f.store, "ListTip")
        let stream = Recorder(try f.store.statusUpdates(of: "ListTip"))
        #expect(heard.all == [.pending])
        // hasSeenList holds a value, so the live catalog must still declare it.
        let live = Self.live + "\nparam hasSeenList: Bool = false\n"
        let adoption = try f.store.adopt(try A.update(live))
        #expect(heard.all == [.pending, .notInLiveCatalog])
        #expect(adoption.changes.map { "\($0.id) \($0.statusBefore) -> \($0.statusAfter)" } == ["ListTip pending -> notInLiveCatalog"])
        #expect(adoption.removedTips == ["ListTip"])
        // A new observer of the removed tip hears it at once.
        let late = try A.listen(f.store, "ListTip")
        #expect(late.all == [.notInLiveCatalog])
        // What the user does meanwhile is journaled under the embedded names...
        try f.store.setParameter(dynamic: "hasSeenList", to: true)
        try f.store.donate(dynamic: "listOpened", ["from": .string("menu")])
        #expect(heard.all == [.pending, .notInLiveCatalog])
        // ...so a catalog that brings the tip back sees it, and observers follow.
        try f.store.adopt(try A.update(Self.embedded, version: 3, running: 2))
        #expect(try f.store.status(of: "ListTip") == .available)
        #expect(heard.all == [.pending, .notInLiveCatalog, .available])
        #expect(late.all == [.notInLiveCatalog, .available])
        #expect(await stream.waitFor(3) == [.pending, .notInLiveCatalog, .available])
    }

    @Test func explainSaysItIsNotInTheLiveCatalog() throws {
        let f = try Fixture(Self.embedded)
        try f.store.adopt(try A.update(Self.live))
        let e = try f.store.explanation(of: "ListTip")
        #expect(e.status == .notInLiveCatalog)
        #expect(e.notInLiveCatalog)
        #expect(e.rules.isEmpty)
        #expect(e.text.contains("ListTip: notInLiveCatalog"))
        #expect(e.text.contains("not in the live catalog"))
        guard case .blocked(let why) = e.next else { Issue.record("next is \(e.next)"); return }
        #expect(why.contains("version 2"))
        let json = String(decoding: try JSONEncoder().encode(e), as: UTF8.self)
        #expect(json.contains("\"status\":\"notInLiveCatalog\""))
    }

    @Test func invalidatingARemovedTipIsKeptForTheCatalogThatBringsItBack() throws {
        let f = try Fixture(Self.embedded)
        try f.store.adopt(try A.update(Self.live))
        try f.store.invalidate("ListTip", reason: .actionPerformed)
        try f.store.invalidate("ListTip", reason: .tipClosed)
        #expect(try f.store.status(of: "ListTip") == .notInLiveCatalog)
        try f.store.adopt(try A.update(Self.embedded, version: 3, running: 2))
        #expect(try f.store.status(of: "ListTip") == .invalidated(.actionPerformed))
    }

    @Test func aRollbackToTheEmbeddedCatalogMakesTheTipNormalAgain() throws {
        let d = try LiveCatalogLaunchTests.Device(source: Self.embedded)
        let live = d.live(max: 1)
        var store = try d.open(live)
        try store.adopt(try A.update(Self.live))
        try store.close()
        // The next launch runs the kept catalog (the embedded one is only loaded on a miss).
        store = try d.open(live)
        #expect(store.liveCatalogLaunch == .adopted(version: 2, launch: 1))
        #expect(try store.status(of: "ListTip") == .notInLiveCatalog)
        #expect(Self.kind { () throws(TipStoreError) in _ = try store.status(of: "LisTip") } == .unknownTip)
        try store.setParameter(dynamic: "hasSeenList", to: true)
        try store.donate(dynamic: "listOpened", ["from": .string("menu")])
        try store.close()  // never confirmed: the launch failed
        store = try d.open(live)
        #expect(store.liveCatalogLaunch == .rolledBack(version: 2, launches: 1))
        #expect(try store.status(of: "ListTip") == .available)
        try store.close()
    }
}
