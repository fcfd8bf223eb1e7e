import Foundation
import TipsCheck
import TipsSource

/// Helpers shared by the checker tests.
enum TestSupport {
    /// The folder holding the `.tips` test inputs (next to this file, so no bundle lookup).
    static let inputsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Inputs")

    /// Checks a catalog made of `files` (path, text) in order.
    static func check(_ files: [(String, String)]) -> CheckResult {
        var sources = SourceSet()
        for (path, text) in files { sources.add(path: path, text: text) }
        return Checker.check(sources)
    }

    /// Checks a one-file catalog.
    static func check(_ text: String) -> CheckResult {
        check([("test.tips", text)])
    }

    /// Diagnostics rendered compactly for failure messages: `path:line:col: CODE message`.
    static func render(_ diagnostics: [Diagnostic], _ sources: SourceSet) -> String {
        diagnostics.map { d in
            let file = sources[d.range.file]
            return "\(file.path):\(file.location(of: d.range.start)): \(d.code) \(d.message)"
        }.joined(separator: "\n")
    }

    /// Whether the checker (not the parser, not the lints) owns `code`: the expectations
    /// runner compares only these and parse errors, so new lints do not break checker tests.
    static func isCompared(_ d: Diagnostic) -> Bool { isCompared(code: d.code) }

    /// Whether expectations with `code` belong to the checker runner (the lint inputs'
    /// `expect-warning W1xx` marks are checked by the lint runner instead).
    static func isCompared(code: String) -> Bool {
        code.hasPrefix("E") || ["W150", "W151", "W152"].contains(code)
    }
}
