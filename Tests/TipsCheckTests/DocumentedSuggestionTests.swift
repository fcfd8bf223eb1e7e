import Foundation
import Testing
import TipsCheck
import TipsSource

/// Every suggestion and fix-it that `Docs/diagnostics.md` promises, one example each: the
/// diagnostic has the note, and applying its first fix-it removes it without a new error.
@Suite struct DocumentedSuggestionTests {
    struct Example: Sendable, CustomStringConvertible {
        let code: String
        /// Text a note or the message must contain ("" for none).
        let says: String
        let source: String
        var description: String { "\(code) \(says)" }
    }

    static let declarations = """
        config {
            displayFrequency daily
        }
        enum Category { books, music }
        param seen: Bool = false
        param hasSeenList: Bool = false
        param category: Category = .books
        event manualSave
        event itemViewed(price: Int)
        tip WelcomeTip {
            title "Welcome"
            rule seen && hasSeenList && category == .music
            rule count(manualSave within 7d) >= 3 && count(itemViewed where price > 1) >= 1
        }
        tip OtherTip {
            title "Other"
            rule seen
        }

        """

    static let examples: [Example] = [
        // Syntax (E1xx).
        Example(code: "E102", says: "did you mean '&&'?", source: "tip T {\n    title \"T\"\n    rule seen & hasSeenList\n}\n"),
        Example(code: "E121", says: "did you mean 'tip'?", source: "tipp T {\n    title \"T\"\n    rule seen\n}\n"),
        Example(code: "E121", says: "did you mean 'limit'?", source: "event opened lmit 5\ntip T {\n    title \"T\"\n    rule count(opened) >= 1\n}\n"),
        Example(code: "E122", says: "'7d'", source: "tip T {\n    title \"T\"\n    rule count(manualSave within 7 d) >= 1\n}\n"),
        Example(code: "E122", says: "'7d'", source: "tip T {\n    title \"T\"\n    rule count(manualSave within 7 days) >= 1\n}\n"),
        Example(code: "E122", says: "'3d'", source: "tip T {\n    title \"T\"\n    rule count(manualSave within three days) >= 1\n}\n"),
        Example(code: "E122", says: "unknown group priority", source: "group G orderd { WelcomeTip, OtherTip }\n"),
        Example(code: "E122", says: "items take no ':'", source: "tip T {\n    title: \"T\"\n    rule seen\n}\n"),
        Example(code: "E122", says: "between 'a' and 'b'", source: "enum Kind { a b }\nparam kind: Kind = .a\ntip T {\n    title \"T\"\n    rule kind == .b\n}\n"),
        Example(code: "E124", says: "did you mean 'title'?", source: "tip T {\n    titel \"T\"\n    rule seen\n}\n"),
        Example(code: "E124", says: "to compare, write '=='", source: "tip T {\n    title \"T\"\n    rule count(manualSave) = 3\n}\n"),
        Example(code: "E124", says: "did you mean '&&'?", source: "tip T {\n    title \"T\"\n    rule seen and hasSeenList\n}\n"),
        Example(code: "E124", says: "did you mean '||'?", source: "tip T {\n    title \"T\"\n    rule seen or hasSeenList\n}\n"),
        Example(code: "E127", says: "remove the parentheses", source: "event opened()\ntip T {\n    title \"T\"\n    rule count(opened) >= 1\n}\n"),
        // Names (E2xx): did you mean, with a fix-it replacing the name.
        Example(code: "E201", says: "did you mean 'manualSave'?", source: "tip T {\n    title \"T\"\n    rule count(manualSav) > 1\n}\n"),
        Example(code: "E202", says: "did you mean 'hasSeenList'?", source: "tip T {\n    title \"T\"\n    rule hasSeenLst\n}\n"),
        Example(code: "E203", says: "did you mean 'Category'?", source: "param other: Categry = .books\ntip T {\n    title \"T\"\n    rule other == .music\n}\n"),
        Example(code: "E204", says: "did you mean 'books'?", source: "tip T {\n    title \"T\"\n    rule category == .boks\n}\n"),
        Example(code: "E205", says: "did you mean 'price'?", source: "tip T {\n    title \"T\"\n    rule count(itemViewed where prise > 1) >= 1\n}\n"),
        Example(code: "E206", says: "did you mean 'WelcomeTip'?", source: "group Onboarding { WelcomTip, OtherTip }\n"),
        Example(code: "E207", says: "did you mean 'itemID'?", source: "tip T(itemID: String) {\n    id \"Item-\\(itemId)\"\n    title \"T\"\n    rule seen\n}\n"),
        Example(code: "E208", says: "did you mean 'count'?", source: "tip T {\n    title \"T\"\n    rule cout(manualSave) > 1\n}\n"),
        Example(code: "E411", says: "did you mean 'tipClosed'?", source: "tip T {\n    title \"T\"\n    rule seen\n    invalidate when manualSave reason tipClosd\n}\n"),
        Example(code: "E414", says: "did you mean 'daily'?", source: ""),
        Example(code: "E433", says: "did you mean 'macOS'?", source: "tip T {\n    title \"T\"\n    message \"Press ⌘K\" when platform == macos\n    rule seen\n}\n"),
    ]

    static func check(_ case: Example) -> (SourceSet, [Diagnostic]) {
        var sources = SourceSet()
        if `case`.code == "E414" {
            sources.add(path: "a.tips", text: declarations.replacingOccurrences(of: "displayFrequency daily", with: "displayFrequency daly"))
        } else {
            sources.add(path: "a.tips", text: declarations)
            sources.add(path: "b.tips", text: `case`.source)
        }
        return (sources, Checker.check(sources).diagnostics)
    }

    @Test(arguments: examples)
    func theDocumentedSuggestionIsMadeAndItsFixItWorks(_ example: Example) {
        let (sources, diagnostics) = Self.check(example)
        guard let d = diagnostics.first(where: { $0.code == example.code }) else {
            Issue.record("no \(example.code) in \(diagnostics.map { "\($0.code) \($0.message)" })")
            return
        }
        let texts = [d.message] + d.notes.map(\.message)
        #expect(texts.contains { $0.contains(example.says) }, "\(texts)")
        #expect(diagnostics.count == 1, "\(diagnostics.map { "\($0.code) \($0.message)" })")
        guard let fixIt = d.fixIts.first else { return }
        var fixed = SourceSet()
        for file in sources.files {
            var bytes = file.bytes
            for edit in fixIt.edits.filter({ $0.range.file == file.id }).sorted(by: { $0.range.start > $1.range.start }) {
                bytes.replaceSubrange(Int(edit.range.start)..<Int(edit.range.end), with: Array(edit.replacement.utf8))
            }
            fixed.add(path: file.path, bytes: bytes)
        }
        // Warnings may remain (`count(e) == 3` fixed to `==` is still W111), errors may not.
        let after = Checker.check(fixed).diagnostics.filter { $0.severity == .error || $0.code == example.code }
        #expect(after.isEmpty, "after '\(fixIt.message)': \(after.map { "\($0.code) \($0.message)" })")
    }

    /// Lints whose entry says the fix is "offered as a fix-it".
    static let lintsWithFixIts: Set<String> = ["W102", "W105", "W111", "W112", "W120", "W130", "W132", "W145", "W146", "W160"]

    /// Each lint example offers a fix-it where its entry says so, and a marked `fix-it: X`
    /// comment is the fix-it's text.
    @Test func lintExamplesOfferTheirDocumentedFixIts() throws {
        for (code, source) in try LintDocsTests.examples() where Self.lintsWithFixIts.contains(code) {
            let warnings = LintExpectations.lint(source).diagnostics.filter { $0.code == code }
            #expect(!warnings.isEmpty && warnings.allSatisfy { !$0.fixIts.isEmpty }, "\(code) offers no fix-it")
            for line in source.split(separator: "\n") where line.contains("// \(code), fix-it: ") {
                guard let marker = line.range(of: "fix-it: ") else { continue }
                let promised = line[marker.upperBound...].trimmingCharacters(in: .whitespaces)
                let offered = warnings.flatMap(\.fixIts).flatMap(\.edits).map(\.replacement)
                #expect(offered.contains { $0.contains(promised) || promised.contains($0) && !$0.isEmpty },
                        "\(code): promised \(promised), offered \(offered)")
            }
        }
    }
}
