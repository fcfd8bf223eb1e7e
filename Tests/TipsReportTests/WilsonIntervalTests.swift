import Testing
import TipsReport

/// The Wilson and Newcombe intervals against the published values of Newcombe (1998),
/// "Two-sided confidence intervals for the single proportion" (Stat. Med. 17:857, table I,
/// method 3) and "Interval estimation for the difference between independent proportions"
/// (Stat. Med. 17:873, table II, method 10), to their four printed decimals.
@Suite struct WilsonIntervalTests {
    static let single: [(x: Int, n: Int, lower: String, upper: String)] = [
        (81, 263, "0.2553", "0.3662"),
        (15, 148, "0.0624", "0.1605"),
        (0, 20, "0.0000", "0.1611"),
        (1, 29, "0.0061", "0.1718"),
    ]

    @Test(arguments: single) func wilsonMatchesNewcombe(_ row: (x: Int, n: Int, lower: String, upper: String)) throws {
        let interval = try #require(WilsonInterval(successes: row.x, trials: row.n))
        #expect(Report.decimal(interval.lower) == row.lower)
        #expect(Report.decimal(interval.upper) == row.upper)
    }

    /// Table II's examples (a), (b), (d) and (e); (a) is the paper's worked example, a
    /// difference of 0.2000.
    static let differences: [(x1: Int, n1: Int, x0: Int, n0: Int, lower: String, upper: String)] = [
        (56, 70, 48, 80, "0.0524", "0.3339"),
        (9, 10, 3, 10, "0.1705", "0.8090"),
        (5, 56, 0, 29, "-0.0381", "0.1926"),
        (0, 10, 0, 20, "-0.1611", "0.2775"),
    ]

    @Test(arguments: differences) func newcombeHybridMatchesPublished(_ row: (x1: Int, n1: Int, x0: Int, n0: Int, lower: String, upper: String)) throws {
        let interval = try #require(DifferenceInterval(successes1: row.x1, trials1: row.n1, successes0: row.x0, trials0: row.n0))
        #expect(Report.decimal(interval.lower) == row.lower)
        #expect(Report.decimal(interval.upper) == row.upper)
        #expect(interval.difference == Double(row.x1) / Double(row.n1) - Double(row.x0) / Double(row.n0))
    }

    @Test func workedExampleDifference() throws {
        let interval = try #require(DifferenceInterval(successes1: 56, trials1: 70, successes0: 48, trials0: 80))
        #expect(Report.decimal(interval.difference) == "0.2000")
        #expect(DifferenceInterval(successes1: 1, trials1: 1, successes0: 0, trials0: 0) == nil)
    }

    @Test func noTrialsHasNoInterval() {
        #expect(WilsonInterval(successes: 0, trials: 0) == nil)
        #expect(WilsonInterval(successes: 3, trials: 2) == nil)
        #expect(WilsonInterval(successes: 5, trials: 5)?.upper == 1)
    }

    @Test(arguments: [(0.25, "0.2500"), (0.123449, "0.1234"), (0.12345, "0.1235"), (-0.03806, "-0.0381"), (1, "1.0000"), (-0.00001, "0.0000")])
    func decimals(_ value: Double, _ text: String) {
        #expect(Report.decimal(value) == text)
    }
}
