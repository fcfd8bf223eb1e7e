import Foundation
import Testing
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// Runs every `Inputs/lint-*.tips`: the warnings must be exactly the `expect-warning` marks.
@Suite struct LintInputTests {
    static let inputs: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Inputs")

    static var inputNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: inputs.path)) ?? []
        return names.filter { $0.hasPrefix("lint-") && $0.hasSuffix(".tips") }.sorted()
    }

    @Test func inputsExist() {
        #expect(Self.inputNames.count >= 5)
    }

    @Test(arguments: inputNames)
    func input(_ name: String) throws {
        let text = try String(contentsOf: Self.inputs.appendingPathComponent(name), encoding: .utf8)
        let result = LintExpectations.lint(text, path: name)
        #expect(result.parseErrors.isEmpty, "\(name) must parse cleanly: \(result.parseErrors.map(\.message))")
        let expected = LintExpectations.parse(text)
        #expect(!expected.isEmpty || name.contains("clean"), "\(name) has no expectations")
        let problems = LintExpectations.compare(expected: expected, actual: result.diagnostics, sources: result.sources)
        let report = problems.joined(separator: "\n")
        #expect(problems.isEmpty, "\(name):\n\(report)")
    }

    /// The runner itself must be able to fail: a wrong mark is missing, an unmarked warning
    /// is unexpected, and a wrong substring does not match.
    @Test func runnerReportsMismatches() {
        let text = """
        param seen: Bool = false
        tip A { // expect-warning W110
            title "A"
            rule seen // expect-warning W112
        }
        tip B {
            title "B"
        }
        tip C { // expect-warning W110 no such words
            title "C"
        }
        """
        let result = LintExpectations.lint(text)
        let problems = LintExpectations.compare(expected: LintExpectations.parse(text),
                                                actual: result.diagnostics, sources: result.sources)
        #expect(problems.contains { $0.hasPrefix("missing 2: W110") })
        #expect(problems.contains { $0.hasPrefix("missing 4: W112") })
        #expect(problems.contains { $0.hasPrefix("unexpected 6: W110") })
        #expect(problems.contains { $0.hasPrefix("missing 9: W110 no such words") })
        #expect(problems.contains { $0.hasPrefix("unexpected 9: W110") })
        #expect(problems.count == 5)
    }

    @Test func parsesSeveralMarksOnOneLine() {
        let marks = LintExpectations.parse("x // expect-warning W101 long // expect-warning W102\n")
        #expect(marks == [LintExpectedWarning(line: 1, code: "W101", substring: "long"),
                          LintExpectedWarning(line: 1, code: "W102", substring: "")])
    }
}
