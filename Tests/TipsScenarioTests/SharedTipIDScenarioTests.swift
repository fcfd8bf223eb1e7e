import Testing
import TipsSource
@testable import TipsScenario

/// Two tips with one id (issue 20 item 7, W154): TipKit keeps state by id, and so does the
/// runtime, so the two declarations share one display count and one invalidation; the
/// catalog is only warned about, and it runs.
struct SharedTipIDScenarioTests {
    static let catalog = """
        param onMac: Bool = false
        tip Welcome {
            title "Welcome"
            rule !onMac
        }
        tip WelcomeMac {
            id "Welcome"
            title "Welcome to the Mac app"
            rule onMac
        }
        """

    @Test func closingOneEndsBoth() {
        let report = runScenario("""
            scenario "one tip, two declarations"
            expect Welcome available
            expect WelcomeMac pending
            close Welcome
            set onMac = true
            expect WelcomeMac invalidated(tipClosed)
            """, catalog: Self.catalog)
        #expect(report.succeeded, "\(rendered(report))")
    }
}
