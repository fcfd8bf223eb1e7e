import Testing
import TipsScenario

/// Named constants end to end: checked, compiled and run like the values they name.
@Suite struct NamedConstantScenarioTests {
    static let catalog = """
        let saves = 3
        let recent: Duration = 1d * 2
        event manualSave

        tip ShortcutTip {
            title "Save Faster"
            rule count(manualSave within recent) >= saves
            maxDisplayCount saves - 2
        }
        """

    @Test func constantsBehaveAsTheirValues() {
        let report = runScenario("""
            scenario "three saves within two days, one display"
            donate manualSave x2
            expect ShortcutTip pending
            donate manualSave
            expect ShortcutTip available
            advance 2d1s
            expect ShortcutTip pending
            donate manualSave x3
            display ShortcutTip for 10s
            expect ShortcutTip invalidated(displayCountExceeded)
            """, catalog: Self.catalog)
        #expect(rendered(report) == "")
        #expect(report.succeeded)
    }
}
