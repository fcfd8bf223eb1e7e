import Testing
import TipsDriver

@Suite struct CheckSummaryTests {
    @Test func summaryLine() {
        let summary = CheckSummary(files: 3, tips: 12, events: 4, parameters: 7, groups: 2, errors: 1, warnings: 0)
        #expect(summary.line == "checked 3 files: 12 tips, 4 events, 7 parameters, 2 groups; 1 errors, 0 warnings")
        // The words stay plural so one pattern matches every summary.
        let one = CheckSummary(files: 1, tips: 1, events: 1, parameters: 1, groups: 1, errors: 1, warnings: 1)
        #expect(one.line == "checked 1 files: 1 tips, 1 events, 1 parameters, 1 groups; 1 errors, 1 warnings")
    }
}
