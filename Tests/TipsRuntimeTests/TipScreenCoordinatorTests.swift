import Foundation
import Testing
@testable import TipsRuntime

/// One screen, several tips (issue 22, item 2): the popover tips take turns, one on screen
/// at a time, the next offered when the current one ends however it ends; inline tips show
/// whatever the popovers do; and the store's display record matches the screen at every
/// step. The coordinator is the headless host: its `popover` and `inline` are the screen.
@Suite("Presenters: one screen, taking turns")
struct TipScreenCoordinatorTests {
    static let catalog = """
    param ready: Bool = false
    param keep: Bool = true
    tip D { title "D" rule ready rule keep }
    tip A { title "A" rule ready }
    tip B { title "B" rule ready action "done" { title "Done" invalidate } }
    tip C { title "C" rule ready }
    tip I { title "I" rule ready }
    """

    /// What the screen shows: the popover tip and the inline tips.
    @MainActor static func onScreen(_ screen: TipScreenCoordinator) -> Set<String> {
        Set(screen.inline.keys.map(\.name) + (screen.popoverTip.map { [$0.name] } ?? []))
    }

    /// What the store records as displayed now.
    static func displayed(_ store: TipStore) throws -> Set<String> {
        Set(try ["A", "B", "C", "D", "I"].filter { try store.report(of: TipKey($0)).isDisplayed })
    }

    /// Waits until the screen shows `expected`, then checks that the store says the same.
    @MainActor static func expectScreen(_ screen: TipScreenCoordinator, _ expected: Set<String>,
                                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = await eventually { onScreen(screen) == expected && (try? displayed(screen.store)) == expected }
        let recorded = try displayed(screen.store)
        #expect(shown, "screen \(onScreen(screen)), store \(recorded), wanted \(expected)",
                sourceLocation: sourceLocation)
    }

    @MainActor @Test("Popovers take turns on close, retraction, action and a tap outside; inline tips stay; the record matches")
    func popoversTakeTurns() async throws {
        let f = try Fixture(Self.catalog)
        let screen = TipScreenCoordinator(store: f.store)
        // Never two popovers on screen, nor in the store's record, at any change.
        var mostPopoversRecorded = 0
        screen.onChange = {
            let popovers = (try? Self.displayed(f.store).subtracting(["I"]).count) ?? 0
            mostPopoversRecorded = max(mostPopoversRecorded, popovers)
        }
        for tip in ["D", "A", "B", "C"] { try screen.add(TipKey(tip), as: .popover) }
        try screen.add("I", as: .inline)
        try await Self.expectScreen(screen, [])

        try f.store.setParameter(dynamic: "ready", to: true)
        try await Self.expectScreen(screen, ["D", "I"])          // the first added goes first

        try f.store.setParameter(dynamic: "keep", to: false)              // D's rule stops holding: retracted
        try await Self.expectScreen(screen, ["A", "I"])

        screen.close("A")                                        // the close button
        try await Self.expectScreen(screen, ["B", "I"])
        #expect(try f.store.status(of: "A") == .invalidated(.tipClosed))

        var heard: [TipAction] = []
        screen.onAction = { _, action in heard.append(action) }
        screen.perform(TipAction("done"), of: "B")               // an action that invalidates
        try await Self.expectScreen(screen, ["C", "I"])
        #expect(heard == [TipAction("done")])

        screen.userDismissed("C")                                // a tap outside
        try await Self.expectScreen(screen, ["I"])
        #expect(try f.store.status(of: "C") == .available)       // dismissed, not closed
        #expect(try f.store.report(of: "C").displayCount == 1)

        screen.stop()
        try await Self.expectScreen(screen, [])
        #expect(mostPopoversRecorded == 1)
        for tip in ["D", "A", "B", "C", "I"] {
            #expect(try f.store.report(of: TipKey(tip)).displayCount == 1, "\(tip)")
        }
    }

    @MainActor @Test("A popover declined by the gate is offered again on retry(); nothing is counted meanwhile")
    func gateDeclines() async throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let screen = TipScreenCoordinator(store: f.store)
        let anchorOnScreen = Locked(false)
        screen.popoverGate = { _ in anchorOnScreen.withLock { $0 } }
        try screen.add("A")
        await settle()
        #expect(screen.popover == nil)
        #expect(try f.store.report(of: "A").displayCount == 0)
        anchorOnScreen.withLock { $0 = true }
        screen.retry()
        try await Self.expectScreen(screen, ["A"])
        screen.canPresentPopover = false                         // something else is up
        screen.userDismissed("A")
        try await Self.expectScreen(screen, [])
    }

    @Test("Two presenters of one tip: the second waits until the first ends, so the tip is on screen once")
    func secondPresenterWaits() throws {
        let f = try Fixture(Self.catalog)
        try f.store.setParameter(dynamic: "ready", to: true)
        let first = Locked(false), second = Locked(false)
        let one = try TipPresenter(store: f.store, tip: "A", present: { _ in first.withLock { $0 = true } },
                                   dismiss: { first.withLock { $0 = false } })
        let two = try TipPresenter(store: f.store, tip: "A", present: { _ in second.withLock { $0 = true } },
                                   dismiss: { second.withLock { $0 = false } })
        #expect(first.withLock { $0 } && !second.withLock { $0 })
        #expect(two.isWaitingForAnotherPresenter && !one.isWaitingForAnotherPresenter)
        #expect(try f.store.report(of: "A").isDisplayed)

        one.stop()                                                // the first screen goes away
        #expect(!first.withLock { $0 } && second.withLock { $0 })
        #expect(!two.isWaitingForAnotherPresenter)
        #expect(try f.store.report(of: "A").isDisplayed)         // the second shows it now
        #expect(try f.store.report(of: "A").displayCount == 2)

        two.stop()
        #expect(try f.store.report(of: "A").isDisplayed == false)
        #expect(f.store.presentationClaims.claimed.isEmpty)
    }

    @MainActor @Test("When the popover ends, the waiting tip of the highest priority is offered first, whatever the order added")
    func priorityPicksTheNextPopover() async throws {
        let f = try Fixture("""
            config { displayBudget 3 per day }
            param others: Bool = false
            tip First { title "First" }
            tip Low { title "Low" rule others }
            tip High { title "High" rule others priority 10 }
            """)
        let screen = TipScreenCoordinator(store: f.store)
        for tip in ["First", "Low", "High"] { try screen.add(TipKey(tip), as: .popover) }
        let first = await eventually { screen.popoverTip == "First" }
        #expect(first)
        // Both wait while First is up; two places are left for them, so both are available.
        try f.store.setParameter(dynamic: "others", to: true)
        #expect(try f.store.status(of: "Low") == .available && f.store.status(of: "High") == .available)
        screen.close("First")
        let next = await eventually { screen.popoverTip != nil && screen.popoverTip != "First" }
        #expect(next)
        #expect(screen.popoverTip == "High", "\(String(describing: screen.popoverTip))")
        screen.close("High")
        let last = await eventually { screen.popoverTip == "Low" }
        #expect(last)
        screen.stop()
    }
}
