import Foundation
import Testing
@testable import TipsCheck

/// Every lint code is documented in `Docs/diagnostics.md`, and nothing else is claimed there.
@Suite struct LintDocsTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/diagnostics.md")

    @Test func everyCodeIsDocumented() throws {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        guard let start = text.range(of: "## Lint warnings (W100–W199)") else {
            Issue.record("missing lint section")
            return
        }
        var section = String(text[start.upperBound...])
        if let next = section.range(of: "\n## ") { section = String(section[..<next.lowerBound]) }
        let headings = section.split(separator: "\n").filter { $0.hasPrefix("### W1") }
            .map { String($0.dropFirst(4).prefix(4)) }
        #expect(Set(headings) == Set(LintCode.allCases.map(\.rawValue)))
        #expect(headings.count == LintCode.allCases.count)
    }
}
