import Testing
import TipsCheck
import TipsSource

/// `renamedFrom` in the checker: valid renames reach the model, invalid ones are E422.
@Suite struct RenameCheckTests {
    @Test func validRenamesReachTheModel() {
        let result = TestSupport.check("""
            enum Plan { free, pro renamedFrom premium }
            param seenList: Bool = false renamedFrom hasSeenList
            event noteSaved renamedFrom manualSave
            """)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(result.model.parameters.first?.renamedFrom == "hasSeenList")
        #expect(result.model.events.first?.renamedFrom == "manualSave")
        #expect(result.model.enums.first?.renamedCases == ["premium": 1])
        let tips = TestSupport.check("tip SaveTip renamedFrom ShortcutTip { title \"x\" }")
        #expect(tips.model.tips.first?.renamedFrom == "ShortcutTip")
    }

    /// Sources with an invalid `renamedFrom`: the exact E422 message.
    static let invalidRenameCases: [(String, String)] = [
        ("param p: Bool = false renamedFrom p", "parameter 'p' is renamed from its own name"),
        ("event e\nparam p: Bool = false renamedFrom e", "'e' is still declared, so parameter 'p' cannot be renamed from it"),
        ("event a renamedFrom old\nevent b renamedFrom old", "'old' is already the old name of another declaration"),
        ("param a: Int = 0 renamedFrom old\nevent b renamedFrom old", "'old' is already the old name of another declaration"),
        ("enum E { a, b renamedFrom a }", "'a' is still a case of 'E', so 'b' cannot be renamed from it"),
        ("enum E { a renamedFrom a }", "case 'E.a' is renamed from its own name"),
        ("enum E { a renamedFrom x, b renamedFrom x }", "'x' is already the old name of another case of 'E'"),
        ("tip T renamedFrom T { title \"x\" }", "tip 'T' is renamed from its own id"),
        ("tip T renamedFrom U { title \"x\" }\ntip U { title \"y\" }", "'U' is still the id of a tip, so tip 'T' cannot be renamed from it"),
        ("tip T renamedFrom Old { title \"x\" }\ntip U renamedFrom Old { title \"y\" }", "'Old' is already the old name of another tip"),
        ("tip T(a: String) renamedFrom Old { id \"T-\\(a)\" title \"x\" }", "reusable tip 'T' cannot be renamed with 'renamedFrom'"),
    ]

    @Test(arguments: invalidRenameCases)
    func invalidRenames(source: String, message: String) {
        let result = TestSupport.check(source)
        let e422 = result.diagnostics.filter { $0.code == "E422" }
        #expect(e422.map(\.message) == [message], "\(result.diagnostics.map(\.message))")
    }
}
