import Foundation
import Testing
import TipsSource
import TipsDriver

/// `DiagnosticHelp.all` (the SARIF rules' help) says what `Docs/diagnostics.md` and `Docs/diff.md` say, entry
/// for entry. On failure, run `python3 scripts/diagnostic-help.py` to regenerate the table.
@Suite struct DiagnosticHelpDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The doc's entries, extracted by the same rules as the script: a `### CODE[: title]`
    /// heading; its first prose paragraph (fenced blocks skipped, lines joined by spaces);
    /// the first paragraph starting `Fix:` or `*Fix:*`; without a heading title, the
    /// description up to its first `: ` or `. `.
    static func documented(_ doc: String) throws -> [DiagnosticHelp] {
        let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
        var entries: [DiagnosticHelp] = []
        var current: (code: String, title: String?, lines: [Substring])?
        func finish() {
            guard let c = current else { return }
            var paragraphs: [String] = []
            var buffer: [String] = []
            var fenced = false
            for line in c.lines {
                if line.hasPrefix("```") {
                    fenced.toggle()
                    if !buffer.isEmpty { paragraphs.append(buffer.joined(separator: " ")); buffer = [] }
                    continue
                }
                if fenced { continue }
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    if !buffer.isEmpty { paragraphs.append(buffer.joined(separator: " ")); buffer = [] }
                } else {
                    buffer.append(trimmed)
                }
            }
            if !buffer.isEmpty { paragraphs.append(buffer.joined(separator: " ")) }
            let description = paragraphs.first ?? ""
            let fix = paragraphs.first { $0.hasPrefix("Fix:") || $0.hasPrefix("*Fix:*") } ?? ""
            var title = c.title ?? ""
            if c.title == nil {
                var cut = description.endIndex
                for separator in [": ", ". "] {
                    if let r = description.range(of: separator), r.lowerBound < cut { cut = r.lowerBound }
                }
                title = String(description[..<cut])
                while title.hasSuffix(".") { title.removeLast() }
            }
            entries.append(DiagnosticHelp(code: c.code, title: title, description: description, fix: fix))
            current = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### "), let code = Self.code(in: line.dropFirst(4)) {
                finish()
                let rest = line.dropFirst(4 + 4)
                current = (code, rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : nil, [])
            } else if line.hasPrefix("## ") || line.hasPrefix("### ") {
                finish()
            } else {
                current?.lines.append(line)
            }
        }
        finish()
        return entries
    }

    /// A heading's code: a capital letter and three digits, then the end or `: `.
    static func code(in heading: Substring) -> String? {
        let chars = Array(heading)
        guard chars.count >= 4, chars[0].isUppercase, chars[1...3].allSatisfy(\.isNumber) else { return nil }
        let rest = heading.dropFirst(4)
        guard rest.isEmpty || rest.hasPrefix(": ") else { return nil }
        return String(chars[0...3])
    }

    @Test func tableMatchesTheDoc() throws {
        let documented = try Self.documented("Docs/diagnostics.md") + Self.documented("Docs/diff.md")
        #expect(documented.count > 100, "the doc's headings were not found")
        #expect(documented.map(\.code) == DiagnosticHelp.all.map(\.code),
                "codes differ; run python3 scripts/diagnostic-help.py")
        for (doc, table) in zip(documented, DiagnosticHelp.all) where doc != table {
            Issue.record("\(doc.code) differs from the doc; run python3 scripts/diagnostic-help.py")
        }
    }

    @Test func everyEntryHasADescription() {
        for entry in DiagnosticHelp.all {
            #expect(!entry.title.isEmpty && !entry.description.isEmpty, "\(entry.code)")
        }
    }
}

/// Every `tipc diff` code is documented, and documented once.
@Suite struct ChangeCodeDocsTests {
    @Test func everyChangeCodeIsDocumented() throws {
        let documented = try DiagnosticHelpDocsTests.documented("Docs/diff.md").map(\.code)
        #expect(documented == TipsDriver.ChangeCode.allCases.map(\.rawValue))
    }
}
