import Testing
import TipsSource
@testable import TipsScenario

/// Running scenarios against a small catalog: passing runs, and the exact diagnostics of
/// failing expectations and refused steps.
struct ScenarioRunnerTests {
    @Test func passingScenario() {
        let report = runScenario("""
            scenario "shortcut after three saves"
            set hasSeenList = true
            donate manualSave x2
            expect ShortcutTip pending
            donate manualSave
            expect ShortcutTip available
            expect group Main current ShortcutTip
            display ShortcutTip for 30s
            display ShortcutTip for 30s
            expect ShortcutTip invalidated(displayCountExceeded)
            expect group Main current none
            """)
        #expect(rendered(report) == "")
        #expect(report.line == "tested 1 scenarios in 1 files: 1 passed, 0 failed")
        #expect(report.succeeded)
    }

    @Test func failingExpectationGivesTheExactDiagnostic() {
        let report = runScenario("""
            scenario "too early"
            set hasSeenList = true
            donate manualSave x2
            expect ShortcutTip available
            """)
        #expect(rendered(report) == """
            cat/test.scenario:4:20: error: expected ShortcutTip to be available, but it is pending [S200]
            expect ShortcutTip available
                               ^~~~~~~~~
            cat/catalog.tips:15:10: note: this rule is false
                rule count(manualSave within 7d) >= 3
                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            note: the clock read 2026-01-01T09:00:00Z (the start)
            note: in scenario 'too early'

            """)
        #expect(report.line == "tested 1 scenarios in 1 files: 0 passed, 1 failed")
        #expect(!report.succeeded)
    }

    @Test func expectationsAfterAFailureStillRun() {
        let report = runScenario("""
            scenario "two failures"
            expect ShortcutTip available
            set hasSeenList = true
            expect ItemTip(itemID: "7") invalidated
            expect group Main current ShortcutTip
            expect param hasSeenList == false
            """)
        let lines = rendered(report).split(separator: "\n").filter { $0.contains("error:") }
        #expect(lines == [
            "cat/test.scenario:2:20: error: expected ShortcutTip to be available, but it is pending [S200]",
            "cat/test.scenario:4:29: error: expected ItemTip(itemID: \"7\") to be invalidated, but it is available [S200]",
            "cat/test.scenario:5:27: error: expected the current tip of group Main to be ShortcutTip, but it is none [S201]",
            "cat/test.scenario:6:29: error: expected parameter hasSeenList to be false, but it is true [S202]",
        ])
    }

    @Test func explanationNotes() {
        let report = runScenario("""
            scenario "notes"
            set hasSeenList = true
            donate manualSave x3
            display ShortcutTip for 10s
            expect ItemTip(itemID: "a") available
            override hide ShortcutTip
            expect ShortcutTip available
            """)
        let text = rendered(report)
        #expect(text.contains("note: the display-frequency cooldown holds it back"))
        #expect(text.contains("note: a testing override hides it"))
        #expect(text.contains("note: displayed 1 time for 10s in all"))
        #expect(text.contains("note: the clock read 2026-01-01T09:00:10Z (10s after the start)"))
    }

    @Test func explanationsContainTheirValues() {
        let report = runScenario("""
            scenario "explained"
            set hasSeenList = true
            donate manualSave x2
            expect explain ShortcutTip contains "count(manualSave within 7d) = 2, needs >= 3"
            expect explain ShortcutTip contains "next: not by time alone; needs rule 2 (event manualSave)"
            expect explain ShortcutTip contains "needs >= 3\\n        reads: event manualSave"
            expect explain ItemTip(itemID: "7") contains "ItemTip (ItemTip-7): available"
            donate manualSave
            display ShortcutTip for 10s
            set isEditing = true
            donate noteEdited(mode: .rich, words: 150)
            expect explain PlainTip contains "cooldown: started by ShortcutTip at 2026-01-01T09:00:00Z"
            expect explain PlainTip contains "next: available at 2026-01-02T09:00:00Z"
            """)
        #expect(rendered(report) == "")
        #expect(report.succeeded)
    }

    @Test func explanationWithoutTheTextGivesTheExactDiagnostic() {
        let report = runScenario("""
            scenario "wrong count"
            set hasSeenList = true
            donate manualSave x2
            expect explain ShortcutTip contains "count(manualSave within 7d) = 3"
            expect ShortcutTip pending
            """)
        #expect(rendered(report) == """
            cat/test.scenario:4:37: error: expected the explanation of ShortcutTip to contain "count(manualSave within 7d) = 3", but it does not [S203]
            expect explain ShortcutTip contains "count(manualSave within 7d) = 3"
                                                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            note: the explanation of ShortcutTip reads:
            note:   ShortcutTip: pending at 2026-01-01T09:00:00Z
            note:     rule 1 ✓ hasSeenList   (cat/catalog.tips:14:10)
            note:         ✓ hasSeenList = true, needs true
            note:           reads: hasSeenList = true
            note:     rule 2 ✗ count(manualSave within 7d) >= 3   (cat/catalog.tips:15:10)
            note:         ✗ count(manualSave within 7d) = 2, needs >= 3
            note:           reads: event manualSave
            note:     group: Main (firstAvailable), member 1 of 2; current: none
            note:     display: 0 of max 2 displays, 0ms
            note:     next: not by time alone; needs rule 2 (event manualSave) to change
            note: the clock read 2026-01-01T09:00:00Z (the start)
            note: in scenario 'wrong count'

            """)
        #expect(report.line == "tested 1 scenarios in 1 files: 0 passed, 1 failed")
    }

    @Test func explanationExcerptsAreTrimmed() {
        let long = String(repeating: "x", count: 200)
        let text = ([long] + (1...24).map { "line \($0)" }).joined(separator: "\n") + "\n"
        let excerpt = ScenarioRun.excerpt(text)
        #expect(excerpt.count == ScenarioRun.excerptLines + 1)
        #expect(excerpt[0] == String(repeating: "x", count: ScenarioRun.excerptLineLength - 1) + "…")
        #expect(excerpt[1] == "line 1")
        #expect(excerpt.last == "… 5 more lines")
        #expect(ScenarioRun.excerpt("a\nb\n") == ["a", "b"])
    }

    @Test func unknownNamesStopTheScenarioWithASuggestion() {
        let report = runScenario("""
            scenario "typo"
            donate manulSave
            expect ShortcutTip available
            """)
        #expect(rendered(report) == """
            cat/test.scenario:2:8: error: unknown event 'manulSave' [S210]
            donate manulSave
                   ^~~~~~~~~
            note: did you mean 'manualSave'?
            note: in scenario 'typo'
            fix-it: replace 'manulSave' with 'manualSave'

            """)
    }

    /// Steps the runtime refuses, and the first line of the diagnostic (the step is line 2).
    static let refusedStepCases: [(String, String)] = [
        ("expect ShortcutTp pending", "cat/test.scenario:2:8: error: unknown tip 'ShortcutTp' [S210]"),
        ("set hasSeenLst = true", "cat/test.scenario:2:5: error: unknown parameter 'hasSeenLst' [S210]"),
        ("expect group Mian current none", "cat/test.scenario:2:14: error: unknown group 'Mian' [S210]"),
        ("action PlainTip \"swich\"", "cat/test.scenario:2:17: error: tip 'PlainTip' has no action 'swich' (actions: 'switch') [S210]"),
        ("override show Shortcut", "cat/test.scenario:2:15: error: unknown tip 'Shortcut' [S210]"),
        ("expect explain ShortcutTp contains \"x\"", "cat/test.scenario:2:16: error: unknown tip 'ShortcutTp' [S210]"),
        ("expect explain ItemTip(item: \"7\") contains \"x\"", "cat/test.scenario:2:16: error: tip 'ItemTip' needs argument 'itemID: String' [S211]"),
        ("set hasSeenList = 3", "cat/test.scenario:2:1: error: parameter 'hasSeenList' is Bool, not Int [S211]"),
        ("donate noteEdited(mode: .rich)", "cat/test.scenario:2:1: error: event 'noteEdited' needs field 'words: Int' [S211]"),
        ("at 2025-12-31T00:00:00Z", "cat/test.scenario:2:1: error: cannot go back in time: the clock already reads 2026-01-01T09:00:01Z [S212]"),
    ]

    @Test(arguments: refusedStepCases)
    func refusedSteps(_ step: String, _ expected: String) {
        let report = runScenario("scenario \"s\"\n\(step)\nexpect ShortcutTip pending\n".replacingOccurrences(
            of: "\nat ", with: "\nadvance 1s\nat "))
        let first = rendered(report).split(separator: "\n").first.map(String.init) ?? ""
        // `at` moved down a line by the `advance 1s` that makes it a step.
        #expect(first == expected.replacingOccurrences(of: "2:1: error: cannot", with: "3:1: error: cannot"))
        #expect(report.failed == 1)
    }

    @Test func actionsAndTriggers() {
        let report = runScenario("""
            scenario "switch to plain"
            set isEditing = true
            donate noteEdited(mode: .rich, words: 150)
            expect PlainTip available
            action PlainTip "switch"
            expect param mode == .plain
            expect PlainTip invalidated(actionPerformed)

            scenario "plain editing closes it"
            set isEditing = true
            donate noteEdited(mode: .rich, words: 150)
            donate noteEdited(mode: .plain, words: 1)
            expect PlainTip invalidated(tipClosed)

            scenario "duration limit during a presentation"
            set isEditing = true
            donate noteEdited(mode: .rich, words: 150)
            begin PlainTip
            advance 119s
            expect PlainTip available
            advance 1s
            expect PlainTip invalidated(displayDurationExceeded)
            end PlainTip
            """)
        #expect(rendered(report) == "")
        #expect(report.passed == 3)
    }

    @Test func relaunchResetsTransientParameters() {
        let report = runScenario("""
            scenario "relaunch"
            set isEditing = true
            set hasSeenList = true
            relaunch
            expect param isEditing == false
            expect param hasSeenList == true
            """)
        #expect(rendered(report) == "")
    }

    @Test func overridesAndResets() {
        let report = runScenario("""
            scenario "overrides"
            override showAll
            expect ShortcutTip available
            override hide ShortcutTip
            expect ShortcutTip pending
            expect PlainTip available
            override clear
            expect PlainTip pending
            close PlainTip
            expect PlainTip invalidated(tipClosed)
            reset PlainTip
            expect PlainTip pending
            invalidate PlainTip displayCountExceeded
            expect PlainTip invalidated(displayCountExceeded)
            reset store
            expect PlainTip pending
            """)
        #expect(rendered(report) == "")
    }

    @Test func scenariosRunOnFreshStores() {
        let report = runScenario("""
            scenario "first"
            set hasSeenList = true
            expect param hasSeenList == true

            scenario "second"
            expect param hasSeenList == false
            """)
        #expect(rendered(report) == "")
        #expect(report.passed == 2)
    }

    @Test func onlyRunsTheNamedScenario() {
        let text = "scenario \"a\"\nexpect ShortcutTip pending\nscenario \"b\"\nexpect ShortcutTip available\n"
        let report = runScenario(text, only: "a")
        #expect(report.line == "tested 1 scenarios in 1 files: 1 passed, 0 failed")
    }

    @Test func aScenarioThatDoesNotParseFailsWithoutRunning() {
        let report = runScenario("scenario \"a\"\nexpect ShortcutTip pendin\nscenario \"b\"\nexpect ShortcutTip pending\n")
        #expect(report.line == "tested 2 scenarios in 1 files: 1 passed, 1 failed")
        #expect(rendered(report).hasPrefix("cat/test.scenario:2:20: error: unknown status 'pendin' [S116]"))
    }

    @Test func catalogErrorsAreReported() {
        let report = runScenario("scenario \"a\"\nexpect T pending\n", catalog: "tip T { rule nope }")
        let errors = rendered(report).split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.contains("cat/test.scenario:1:1: error: catalog 'cat' has errors; run 'tipc check cat' [S213]"))
        #expect(errors.contains { $0.hasPrefix("cat/catalog.tips:1:") })
        #expect(report.failed == 1)
    }

    @Test func noCatalog() {
        let report = ScenarioSuite.run([ScenarioSuite.Input(path: "x.scenario", bytes: Array("scenario \"a\"\nexpect T pending\n".utf8),
                                                            catalog: nil)])
        #expect(rendered(report).hasPrefix(
            "x.scenario:1:1: error: no catalog for this file: no directory from here up holds .tips files [S214]"))
        #expect(report.failed == 1)
    }
}
