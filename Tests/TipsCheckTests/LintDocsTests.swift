import Foundation
import Testing
import TipsSource
@testable import TipsCheck

/// `Docs/diagnostics.md` documents every lint code, and each example really produces its
/// warning on the marked line.
@Suite struct LintDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/diagnostics.md")

    /// The lint section: from its heading to the next `## ` heading.
    static func section() throws -> String {
        let text = try String(contentsOf: docs, encoding: .utf8)
        guard let start = text.range(of: "## Lint warnings (W100–W199)") else { return "" }
        var section = String(text[start.upperBound...])
        if let next = section.range(of: "\n## ") { section = String(section[..<next.lowerBound]) }
        return section
    }

    /// (code, first ```tips block) per `### Wxxx:` heading; the intro's block under "".
    static func examples() throws -> [(code: String, source: String)] {
        var out: [(String, String)] = []
        var code = ""
        var block: [Substring]?
        var seen: Set<String> = []
        for line in try section().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### W1") { code = String(line.dropFirst(4).prefix(4)) }
            if line == "```tips" { block = [] } else if line == "```", let b = block {
                if seen.insert(code).inserted { out.append((code, b.joined(separator: "\n"))) }
                block = nil
            } else if block != nil {
                block?.append(line)
            }
        }
        return out
    }

    @Test func everyCodeIsDocumented() throws {
        let headings = try Self.section().split(separator: "\n").filter { $0.hasPrefix("### W1") }
            .map { String($0.dropFirst(4).prefix(4)) }
        #expect(Set(headings) == Set(DiagnosticCode.lintCodes.map(\.text)))
        #expect(headings.count == DiagnosticCode.lintCodes.count)
    }

    @Test func everyCodeHasAnExample() throws {
        let codes = Set(try Self.examples().map(\.code))
        #expect(codes.isSuperset(of: DiagnosticCode.lintCodes.filter { Self.aboutFiles[$0] == nil }.map(\.text)))
    }

    /// Codes about a catalog's files rather than their text: their examples are folder
    /// listings (a `.tips` text cannot show them), tested where they are emitted.
    static let aboutFiles: [DiagnosticCode: String] = [
        .nearMissExtension: "NearMissFilesTests (TipsDriverTests)",
    ]

    /// Each example parses, produces its code on every line whose comment names it, and no
    /// other lint warning; the silencing example produces nothing.
    @Test func examplesProduceTheirWarning() throws {
        for (code, source) in try Self.examples() {
            let result = LintExpectations.lint(source)
            #expect(result.parseErrors.isEmpty, "\(code): \(result.parseErrors.map(\.message))")
            var expected: [LintExpectedWarning] = []
            for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // A `lint-ignore` line marks a warning only with the code last (W171 points at the comment).
                let marked = line.range(of: "// ").map { line[$0.upperBound...].hasPrefix(code) && !line.contains("lint-ignore") } ?? false
                guard !code.isEmpty, marked || (line.contains("lint-ignore") && line.hasSuffix("// " + code)) else { continue }
                expected.append(LintExpectedWarning(line: index + 1, code: code, substring: ""))
            }
            #expect(code.isEmpty || !expected.isEmpty, "\(code): no line marks the warning")
            let problems = LintExpectations.compare(expected: expected, actual: result.diagnostics, sources: result.sources)
            let report = problems.joined(separator: "\n")
            #expect(problems.isEmpty, "example for \(code.isEmpty ? "lint-ignore" : code):\n\(report)")
        }
    }
}
