import Foundation
import Testing
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// The small pieces lints are built from, and the fix-its they offer.
@Suite struct LintHelperTests {
    @Test(arguments: [
        ("", 0), ("One", 1), ("One.", 1), ("One. Two", 2), ("One! Two? Three…", 3),
        ("Costs 2.50 today. Really", 2), ("Use e.g. tags. Or i.e. folders.", 2), ("Wait... what?", 2),
    ])
    func sentenceCount(_ text: String, _ expected: Int) {
        #expect(CopyLints.sentenceCount(text) == expected)
    }

    @Test func symbolNames() {
        #expect(ImageNameLint.isSymbolName("heart.fill"))
        #expect(ImageNameLint.isSymbolName("person.2.circle"))
        #expect(!ImageNameLint.isSymbolName("Heart"))
        #expect(!ImageNameLint.isSymbolName("heart..fill"))
        #expect(!ImageNameLint.isSymbolName(".heart"))
        #expect(!ImageNameLint.isSymbolName(""))
        #expect(ImageNameLint.suggestion(for: "Heart Fill") == "heart.fill")
        #expect(ImageNameLint.suggestion(for: "star_circle-fill") == "star.circle.fill")
        #expect(ImageNameLint.suggestion(for: "😀") == nil)
    }

    @Test func durations() {
        #expect(lintDurationText(90_000) == "1m30s")
        #expect(lintDurationText(7 * 86_400_000) == "7d")
        #expect(lintDurationText(1500) == "1s500ms")
        #expect(lintDurationText(0) == "0s")
        #expect(lintDurationText(.min).hasPrefix("-"))
    }

    @Test func suppressionCodes() {
        #expect(LintSuppression.codes(in: "// lint-ignore W110 W112") == ["W110", "W112"])
        #expect(LintSuppression.codes(in: "// lint-ignore: W110, W112") == ["W110", "W112"])
        #expect(LintSuppression.codes(in: "// lint-ignore W110 // then W112") == ["W110"])
        #expect(LintSuppression.codes(in: "// lint-ignore") == [])
        #expect(LintSuppression.codes(in: "// W110") == [])
        #expect(LintSuppression.codes(in: "/* lint-ignore W1000 */") == [])
    }

    /// Applies the first fix-it of the first diagnostic with `code` and returns the new text.
    private func fixed(_ text: String, _ code: DiagnosticCode) -> String? {
        let result = LintExpectations.lint(text)
        guard let d = result.diagnostics.first(where: { $0.code == code.text }),
              let fix = d.fixIts.first else { return nil }
        var bytes = Array(text.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(Int(edit.range.start)..<Int(edit.range.end), with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func fixIts() {
        #expect(fixed(#"event e tip T { title "T" rule count(e) == 3 }"#, .countEquality)
                == #"event e tip T { title "T" rule count(e) >= 3 }"#)
        #expect(fixed(#"event e tip T { title "T" rule 3 == count(e) }"#, .countEquality)
                == #"event e tip T { title "T" rule 3 <= count(e) }"#)
        #expect(fixed(#"tip T { title "Save faster." rule x }"#, .titlePeriod)
                == #"tip T { title "Save faster" rule x }"#)
        #expect(fixed(#"tip T { title "T" image "Star Fill" rule x }"#, .imageName)
                == #"tip T { title "T" image "star.fill" rule x }"#)
        #expect(fixed(#"tip T(a: Int, b: Int) { id "T-\(a)" title "T" rule x }"#, .reusableIDMissesArgument)
                == #"tip T(a: Int, b: Int) { id "T-\(a)-\(b)" title "T" rule x }"#)
        #expect(fixed("tip T(a: Int) /* { */ {\n    title \"T\"\n    rule x\n}", .reusableTipWithoutID)
                == "tip T(a: Int) /* { */ {\n    id \"T-\\(a)\"\n    title \"T\"\n    rule x\n}")
        #expect(fixed(#"event e maxAge 2d tip T { title "T" rule count(e within 3d) > 0 }"#, .windowBeyondMaxAge)
                == #"event e maxAge 2d tip T { title "T" rule count(e within 2d) > 0 }"#)
        #expect(fixed(#"tip T { title "T" rule x maxDisplayDuration 10s }"#, .shortDisplayDuration)
                == #"tip T { title "T" rule x maxDisplayDuration 1m }"#)
    }

    /// Diagnostics and their notes point into the right file of a multi-file catalog, and
    /// names resolve across files.
    @Test func crossFile() {
        var sources = SourceSet()
        let a = sources.add(path: "a.tips", text: "event e limit 2\nparam unused: Int = 0\n")
        let b = sources.add(path: "b.tips", text: "tip T {\n  title \"T\"\n  rule x || count(e) >= 3\n}\n")
        let trees = [a, b].map { Parser.parse(sources[$0]).tree }
        let diagnostics = Linter.lint(trees, sources: sources)
        let beyond = diagnostics.first { $0.code == DiagnosticCode.countBeyondLimit.text }
        #expect(beyond?.range.file == b)
        #expect(beyond?.notes.first?.range?.file == a)
        #expect(diagnostics.contains { $0.code == DiagnosticCode.unusedParam.text && $0.range.file == a })
        #expect(!diagnostics.contains { $0.code == DiagnosticCode.unusedEvent.text })
    }

    /// Unresolved names are the checker's business: lints that need a declaration stay silent.
    @Test func unresolvedNamesAreSilent() {
        let text = #"tip T { title "T" rule count(nope) >= 5000 && count(nope within 99d) > 0 } group G ordered { Missing, T }"#
        let codes = LintExpectations.lint(text).diagnostics.map(\.code)
        #expect(codes.isEmpty, "\(codes)")
    }

    /// Hostile constants do not trap.
    @Test func extremeConstants() {
        let text = """
        event e limit -9223372036854775807 - 1 maxAge 0ms - 9223372036854775807ms
        tip T { title "T" rule count(e within 9223372036854775807ms * 2) > 9223372036854775807
                maxDisplayDuration -1ms maxDisplayCount 9223372036854775807 * 9223372036854775807 }
        """
        _ = LintExpectations.lint(text)
    }
}
