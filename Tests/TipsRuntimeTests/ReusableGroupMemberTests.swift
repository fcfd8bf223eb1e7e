import Testing
@testable import TipsRuntime

/// Reusable tips as group members (Docs/semantics.md, "Groups"): the member stands for
/// every instance addressed in this run, at its place, in first-addressed order.
@Suite("Conformance: reusable group members")
struct ReusableGroupMemberTests {
    static let source = """
    param ready: Bool = false
    event itemViewed(id: String)
    tip WelcomeTip {
        title "Welcome"
        rule ready
    }
    tip ItemTip(itemID: String) {
        id "item-\\(itemID)"
        title "Item \\(itemID)"
        rule count(itemViewed where id == itemID) >= 1
    }
    tip LastTip { title "Last" }
    group Items { WelcomeTip, ItemTip, LastTip }
    group Steps ordered { StepTip, LaterTip }
    tip StepTip(step: Int) {
        id "step-\\(step)"
        title "Step \\(step)"
    }
    tip LaterTip { title "Later" }
    """

    static func item(_ id: String) -> TipKey { TipKey("ItemTip", arguments: ["itemID": .string(id)]) }

    @Test("Groups with a reusable member: no instance yet, the member is skipped")
    func noInstances() throws {
        let f = try Fixture(Self.source)
        #expect(try f.store.currentTip(inGroup: "Items") == TipKey("LastTip"))
        #expect(try f.store.currentTip(inGroup: "Steps") == TipKey("LaterTip"))
    }

    @Test("Groups with a reusable member: instances take its place in the order they were first addressed")
    func creationOrder() throws {
        let f = try Fixture(Self.source)
        try f.store.donate(dynamic: "itemViewed", ["id": "b"])
        try f.store.donate(dynamic: "itemViewed", ["id": "a"])
        #expect(try f.status(Self.item("b")) == .available)    // b addressed first
        #expect(try f.status(Self.item("a")) == .available)
        #expect(try f.store.currentTip(inGroup: "Items") == Self.item("b"))
        try f.store.invalidate(Self.item("b"), reason: .actionPerformed)
        #expect(try f.store.currentTip(inGroup: "Items") == Self.item("a"))
        // A declared member before the reusable one still comes first.
        try f.store.setParameter(dynamic: "ready", to: true)
        #expect(try f.store.currentTip(inGroup: "Items") == TipKey("WelcomeTip"))
        // An instance whose own rules do not hold is passed over.
        #expect(try f.status(Self.item("c")) == .pending)
        try f.store.invalidate(TipKey("WelcomeTip"), reason: .tipClosed)
        #expect(try f.store.currentTip(inGroup: "Items") == Self.item("a"))
    }

    @Test("Groups ordered with a reusable member: each instance waits for every earlier one to be invalidated")
    func ordered() throws {
        let f = try Fixture(Self.source)
        let one = TipKey("StepTip", arguments: ["step": 1]), two = TipKey("StepTip", arguments: ["step": 2])
        _ = try f.status(one)
        _ = try f.status(two)
        #expect(try f.store.currentTip(inGroup: "Steps") == one)
        try f.store.invalidate(one, reason: .tipClosed)
        #expect(try f.store.currentTip(inGroup: "Steps") == two)
        try f.store.invalidate(two, reason: .tipClosed)
        #expect(try f.store.currentTip(inGroup: "Steps") == TipKey("LaterTip"))
    }

    @Test("Groups with a reusable member: observers of the group hear of an instance the app addresses")
    func observerHearsNewInstance() throws {
        let f = try Fixture(Self.source)
        let seen = RuntimeLock<[TipKey?]>([])
        let id = try f.store.observe(group: "Steps") { v in
            if case .current(let t) = v { seen.withLock { $0.append(t) } }
        }
        defer { f.store.removeObserver(id) }
        _ = try f.status(TipKey("StepTip", arguments: ["step": 7]))
        #expect(seen.withLock { $0 } == [TipKey("LaterTip"), TipKey("StepTip", arguments: ["step": 7])])
    }

    @Test("Groups with a reusable member: an explanation names instances by id")
    func explanation() throws {
        let f = try Fixture(Self.source)
        try f.store.donate(dynamic: "itemViewed", ["id": "a"])
        _ = try f.status(Self.item("a"))
        let x = try f.store.explanation(of: TipKey("LastTip"))
        #expect(x.group?.members == ["WelcomeTip", "item-a", "LastTip"])
        #expect(x.group?.current == "item-a")
        #expect(x.group?.heldBackBy == "item-a")
        let y = try f.store.explanation(of: Self.item("a"))
        #expect(y.group?.position == 2)
    }
}
