import Testing
import TipsSource
@testable import TipsScenario

/// `expect converted TIP` (issue 24 item 2): holds once the tip's goal was reached, fails
/// with `S206` and notes that say why, and stops with `S216` for a tip without a goal.
struct ConvertedScenarioTests {
    static let catalog = """
        event used(fast: Bool)
        tip G {
            title "G"
            goal used where fast within 1d
        }
        tip Plain { title "P" }
        """

    @Test func parses() {
        let (file, _) = parseScenario("scenario \"s\"\nexpect converted G\n")
        let step = file.scenarios.first?.steps.first
        guard case .expectConverted(let r)? = step?.kind else {
            Issue.record("\(String(describing: step))")
            return
        }
        #expect(r.name.text == "G")
        #expect(step?.isExpectation == true)
    }

    @Test(arguments: [
        // Shown, then the goal's event passing the filter inside the window.
        ("begin G\nend G\nadvance 1h\ndonate used(fast: true)\nexpect converted G", nil as String?),
        // The filter fails.
        ("begin G\ndonate used(fast: false)\nexpect converted G", "window open until 2026-01-02T09:00:00Z"),
        // Never shown: the window has not started.
        ("donate used(fast: true)\nexpect converted G", "not shown yet"),
        // After the window.
        ("begin G\nadvance 1d\nadvance 1ms\ndonate used(fast: true)\nexpect converted G", "window ended 2026-01-02T09:00:00Z"),
    ])
    func expectConverted(steps: String, failureNote: String?) {
        let report = runScenario("scenario \"s\"\n\(steps)\n", catalog: Self.catalog)
        let failures = report.diagnostics.filter { $0.code == "S206" }
        if let failureNote {
            #expect(failures.count == 1, "\(rendered(report))")
            #expect(failures.first?.message == "expected G to have converted, but it has not")
            let notes = failures.first?.notes.map(\.message) ?? []
            #expect(notes.first?.hasPrefix("goal used where fast within 1d: ") == true, "\(notes)")
            #expect(notes.first?.contains(failureNote) == true, "\(notes)")
        } else {
            #expect(report.succeeded, "\(rendered(report))")
        }
    }

    @Test func aTipWithoutAGoalStopsTheScenario() {
        let report = runScenario("scenario \"s\"\nexpect converted Plain\nexpect Plain pending\n", catalog: Self.catalog)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["S216"], "\(rendered(report))")
        #expect(errors.first?.message == "Plain declares no goal, so it cannot convert")
    }
}
