import Testing
import TipsScenario
import TipsSource

/// `expect observed T s1, s2, ...`: what a status observer of a tip received, in order.
@Suite struct ObservedStatusTests {
    @Test func anObserverReceivesTheStartingStatusThenEachChange() {
        let report = runScenario("""
            scenario "save shortcut seen by an observer"
            set hasSeenList = true
            donate manualSave x3
            expect observed ShortcutTip pending, available
            display ShortcutTip for 1m
            display ShortcutTip for 1m
            expect observed ShortcutTip invalidated(displayCountExceeded)
            """)
        #expect(rendered(report) == "")
        #expect(report.succeeded)
    }

    @Test func changesCausedByTimeAloneAreObserved() {
        let report = runScenario("""
            scenario "a window moves"
            set hasSeenList = true
            donate manualSave x3
            advance 7d1s
            expect observed ShortcutTip pending, available, pending
            """)
        #expect(rendered(report) == "")
    }

    @Test func aRelaunchStartsANewObserver() {
        let report = runScenario("""
            scenario "relaunch"
            set hasSeenList = true
            donate manualSave x3
            relaunch
            expect observed ShortcutTip pending, available, available
            """)
        #expect(rendered(report) == "")
    }

    @Test func aDifferentSequenceIsReportedWithWhatWasReceived() {
        let report = runScenario("""
            scenario "wrong sequence"
            set hasSeenList = true
            donate manualSave x3
            expect observed ShortcutTip available
            """)
        #expect(rendered(report) == """
            cat/test.scenario:4:29: error: expected an observer of ShortcutTip to receive available, but it received pending, available [S204]
            expect observed ShortcutTip available
                                        ^~~~~~~~~
            note: an observer is told the status when it starts and then each change, never the same value twice; a relaunch starts a new observer
            note: the clock read 2026-01-01T09:00:00Z (the start)
            note: in scenario 'wrong sequence'

            """)
        #expect(!report.succeeded)
    }

    @Test func aBadStatusInTheListIsASyntaxError() {
        let (file, sources) = parseScenario("scenario \"x\"\nexpect observed ShortcutTip pending, availble\n")
        let codes = file.diagnostics.map(\.code)
        #expect(codes == ["S116"], "\(DiagnosticRenderer.text(file.diagnostics, sources: sources))")
    }
}
