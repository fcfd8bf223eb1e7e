import Testing
@testable import TipsRuntime

/// Probes whose right side is not a literal, Bool conditions, and reusable instances by id.
@Suite("Explanations: more shapes")
struct ExplanationShapeTests {
    static let catalog = """
        param tags: Set<String> = []
        event a
        event b
        tip Compare {
            title "Compare"
            rule count(a) >= count(b) && tags.contains("work")
        }
        tip NewItem(itemID: String) {
            id "NewItem-\\(itemID)"
            title "New"
            rule count(a) >= 1
            maxDisplayCount 1
        }
        """

    @Test("a computed right side shows its value; a Bool condition shows what it needs")
    func computedRightSide() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "b")
        let r = try #require(try f.store.explanation(of: "Compare").rules.first)
        #expect(r.probes.map(\.summary) == [
            "count(a) = 0, needs >= count(b) (= 1)",
            "tags.contains(\"work\") = false, needs true",
        ])
        #expect(r.parameters == [.init(name: "tags", value: "[]")] && r.events == ["a", "b"])
    }

    @Test("a reusable instance is explained by its journal id")
    func instanceByID() throws {
        let f = try Fixture(Self.catalog)
        try f.store.donate(dynamic: "a")
        let item = TipKey("NewItem", arguments: ["itemID": "t42"])
        try f.store.presentationBegan(item)
        try f.store.presentationEnded(item)
        try f.reopen()
        #expect(f.store.instanceIDs == ["NewItem-t42"])
        let e = try #require(f.store.explanation(ofID: "NewItem-t42"))
        #expect(e.name == "NewItem" && e.id == "NewItem-t42" && e.status == .invalidated(.displayCountExceeded))
        #expect(e.display.count == 1 && e.display.maxCount == 1)
        #expect(f.store.explanation(ofID: "Nope") == nil)
    }
}
