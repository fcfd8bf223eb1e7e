import Foundation
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// One `// expect-warning W1xx [message substring]` mark in a test source.
struct LintExpectedWarning: Equatable, CustomStringConvertible {
    /// 1-based line the warning must start on.
    var line: Int
    var code: String
    /// Text the message must contain; empty matches any message.
    var substring: String

    var description: String { "\(line): \(code) \(substring)" }
}

/// Reads expectations from sources and compares them with what the linter reports.
enum LintExpectations {
    static let marker = "expect-warning"

    /// Every mark in `text`. A line may hold several marks; each runs to the next one.
    static func parse(_ text: String) -> [LintExpectedWarning] {
        var out: [LintExpectedWarning] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var pieces = line.components(separatedBy: marker)
            guard pieces.count > 1 else { continue }
            pieces.removeFirst()
            for piece in pieces {
                var rest = piece.trimmingCharacters(in: .whitespaces)
                if rest.hasSuffix("//") { rest = String(rest.dropLast(2)).trimmingCharacters(in: .whitespaces) }
                let code = String(rest.prefix { !$0.isWhitespace })
                let substring = rest.dropFirst(code.count).trimmingCharacters(in: .whitespaces)
                out.append(LintExpectedWarning(line: index + 1, code: code, substring: substring))
            }
        }
        return out
    }

    /// Parses and lints one file as a whole catalog.
    static func lint(_ text: String, path: String = "test.tips") -> (diagnostics: [Diagnostic], parseErrors: [Diagnostic], sources: SourceSet) {
        var sources = SourceSet()
        let id = sources.add(path: path, text: text)
        let parsed = Parser.parse(sources[id])
        let diagnostics = Linter.lint([parsed.tree], sources: sources)
        return (diagnostics, parsed.diagnostics.filter { $0.severity == .error }, sources)
    }

    /// The problems found comparing `expected` with `actual`: missing and unexpected
    /// warnings. Empty means they match exactly.
    static func compare(expected: [LintExpectedWarning], actual: [Diagnostic], sources: SourceSet) -> [String] {
        var remaining = actual.map { d -> (line: Int, diagnostic: Diagnostic) in
            (sources[d.range.file].location(of: d.range.start).line, d)
        }
        var problems: [String] = []
        for e in expected {
            if let i = remaining.firstIndex(where: {
                $0.line == e.line && $0.diagnostic.code == e.code
                    && (e.substring.isEmpty || $0.diagnostic.message.contains(e.substring))
            }) {
                remaining.remove(at: i)
            } else {
                let near = remaining.filter { $0.line == e.line }.map { "\($0.diagnostic.code) \($0.diagnostic.message)" }
                problems.append("missing \(e)" + (near.isEmpty ? "" : " (got: \(near.joined(separator: "; ")))"))
            }
        }
        for r in remaining {
            problems.append("unexpected \(r.line): \(r.diagnostic.code) \(r.diagnostic.message)")
        }
        return problems
    }
}
