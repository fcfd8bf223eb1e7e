import Testing
import TipsSource
@testable import TipsScenario

/// `expect group` with a reusable member: the current tip may be an instance, and a
/// failure's notes list the member's instances (or say it has none yet).
struct ReusableGroupScenarioTests {
    static let catalog = """
        event viewed(id: String)
        tip ItemTip(itemID: String) {
            id "item-\\(itemID)"
            title "Item"
            rule count(viewed where id == itemID) >= 1
        }
        tip LastTip { title "Last" }
        group Items { ItemTip, LastTip }
        """

    @Test func currentInstanceAndNotes() {
        let report = runScenario("""
            scenario "instances"
            expect group Items current none
            donate viewed(id: "a")
            expect ItemTip(itemID: "b") pending
            expect ItemTip(itemID: "a") available
            expect group Items current ItemTip(itemID: "a")
            expect group Items current LastTip
            """, catalog: Self.catalog)
        let text = rendered(report)
        #expect(text.contains("error: expected the current tip of group Items to be none, but it is LastTip [S201]"), "\(text)")
        #expect(text.contains("note: ItemTip has no instance yet"), "\(text)")
        #expect(text.contains("error: expected the current tip of group Items to be LastTip, but it is ItemTip(itemID: \"a\") [S201]"))
        #expect(text.contains("note: ItemTip(itemID: \"b\") is pending"), "\(text)")
        #expect(text.contains("note: ItemTip(itemID: \"a\") is available"), "\(text)")
        #expect(text.components(separatedBy: "error:").count == 3)
    }
}
