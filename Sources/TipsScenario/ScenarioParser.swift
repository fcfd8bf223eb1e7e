import TipsRuntime
import TipsSource

/// Reads a scenario file (format: Docs/testing.md). Line-based: every non-blank line outside
/// a comment is one step, introduced by its keyword. A bad line is reported (one diagnostic
/// per line, exact line and column, a stable `S1xx` code) and marks its scenario as not
/// runnable; the other scenarios of the file still run.
public enum ScenarioParser {
    /// The step keywords, for did-you-mean suggestions.
    static let keywords = ["scenario", "at", "advance", "set", "donate", "begin", "end", "display", "close",
                           "invalidate", "action", "reset", "relaunch", "override", "expect", "platform", "install",
                           "time", "app"]

    /// Parses `file`.
    public static func parse(_ file: SourceFile) -> ScenarioFile {
        var scenarios: [Scenario] = []
        var diagnostics: [Diagnostic] = []
        var titles: [String: SourceRange] = [:]
        // Whether the current scenario's first step was an `at` that set its start.
        var startTaken = false
        let lexer = ScenarioLexer(bytes: file.bytes, file: file.id)
        for (index, lineStart) in file.lineStarts.enumerated() {
            var lineEnd = index + 1 < file.lineStarts.count ? Int(file.lineStarts[index + 1]) - 1 : file.bytes.count
            lineEnd = max(Int(lineStart), lineEnd)
            let tokens: [ScenarioToken]
            switch lexer.tokens(from: Int(lineStart), to: lineEnd) {
            case .success(let t): tokens = t
            case .failure(let f):
                diagnostics.append(f.diagnostic)
                if !scenarios.isEmpty { scenarios[scenarios.count - 1].hasErrors = true }
                continue
            }
            guard let first = tokens.first else { continue }
            var line = LineParser(tokens: tokens, file: file)
            do throws(ScenarioFailure) {
                if first.word == "scenario" {
                    let title = try line.scenarioTitle()
                    let range = first.range.union(tokens[tokens.count - 1].range)
                    if let earlier = titles[title] {
                        diagnostics.append(.error(.duplicateScenarioTitle, "duplicate scenario '\(title)'", at: range,
                                                  notes: [Note("first scenario with this title", at: earlier)]))
                    } else {
                        titles[title] = range
                    }
                    scenarios.append(Scenario(name: title, range: range))
                    startTaken = false
                    continue
                }
                guard !scenarios.isEmpty else {
                    throw ScenarioFailure(.stepBeforeScenario, "step before the first scenario; start one with 'scenario \"title\"'",
                                          first.range)
                }
                let step = try line.step()
                let current = scenarios.count - 1
                // Only the first step may set the start; a second `at` moves the clock on, as
                // Docs/testing.md says (so a forecast's steps are its lines, one for one).
                if case .advanceTo(let instant) = step.kind, scenarios[current].steps.isEmpty, !startTaken {
                    scenarios[current].start = instant
                    startTaken = true
                } else {
                    scenarios[current].steps.append(step)
                }
            } catch {
                diagnostics.append(error.diagnostic)
                if !scenarios.isEmpty { scenarios[scenarios.count - 1].hasErrors = true }
            }
        }
        for s in scenarios where !s.hasErrors && !s.steps.contains(where: \.isExpectation) {
            diagnostics.append(.warning(.scenarioChecksNothing, "scenario '\(s.name)' checks nothing; add an 'expect' step", at: s.range))
        }
        if scenarios.isEmpty && diagnostics.isEmpty {
            diagnostics.append(.warning(.noScenarios, "no scenarios in this file", at: .point(file.id, 0)))
        }
        return ScenarioFile(scenarios: scenarios, diagnostics: diagnostics)
    }
}
