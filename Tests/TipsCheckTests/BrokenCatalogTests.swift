import Foundation
import Testing
import TipsCheck
import TipsSource
import TipsTestSupport

/// How the checker reports the mistakes of ``BrokenCatalogCorpus``: on the right line, in
/// words that say how to fix them, once, and with fix-its that leave a correct catalog.
@Suite struct BrokenCatalogTests {
    /// What checking one case produced.
    struct Outcome {
        var sources: SourceSet
        var diagnostics: [Diagnostic]

        var first: Diagnostic? { diagnostics.first }

        /// The first diagnostic is on the case's line of the case's file.
        func isLocated(_ c: BrokenCase) -> Bool {
            guard let d = first else { return false }
            let file = sources[d.range.file]
            return file.path == c.file && file.location(of: d.range.start).line == c.line
        }

        /// The first diagnostic's message, notes or fix-its contain the case's hint.
        func isActionable(_ c: BrokenCase) -> Bool {
            guard let d = first else { return false }
            var texts = [d.message] + d.notes.map(\.message)
            for fixIt in d.fixIts {
                texts.append(fixIt.message)
                texts += fixIt.edits.map(\.replacement)
            }
            return texts.contains { $0.contains(c.hint) }
        }

        /// One diagnostic in all: nothing follows from the mistake.
        var isCascadeFree: Bool { diagnostics.count == 1 }
    }

    static func files(of c: BrokenCase) -> [(String, String)] {
        c.files.contains { $0.0 == "app.tips" } ? c.files : [("app.tips", BrokenCatalogCorpus.base)] + c.files
    }

    static func sources(_ files: [(String, String)]) -> SourceSet {
        var sources = SourceSet()
        for (path, text) in files { sources.add(path: path, text: text) }
        return sources
    }

    static func outcome(_ c: BrokenCase) -> Outcome {
        let sources = sources(files(of: c))
        return Outcome(sources: sources, diagnostics: Checker.check(sources).diagnostics)
    }

    /// The case's files with the first fix-it of `d` applied.
    static func applying(_ fixIt: FixIt, to files: [(String, String)], in sources: SourceSet) -> [(String, String)] {
        files.map { entry in
            var bytes = Array(entry.1.utf8)
            let edits = fixIt.edits.filter { sources[$0.range.file].path == entry.0 }
                .sorted { $0.range.start > $1.range.start }
            for edit in edits {
                let start = Int(edit.range.start), end = Int(edit.range.end)
                guard start <= end, end <= bytes.count else { continue }
                bytes.replaceSubrange(start..<end, with: Array(edit.replacement.utf8))
            }
            return (entry.0, String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func theBaseCatalogIsCleanOnItsOwn() {
        let result = Checker.check(Self.sources([("app.tips", BrokenCatalogCorpus.base)]))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func theCorpusHasFiftyCasesWithDistinctNames() {
        #expect(BrokenCatalogCorpus.cases.count >= 50)
        #expect(Set(BrokenCatalogCorpus.cases.map(\.name)).count == BrokenCatalogCorpus.cases.count)
    }

    @Test(arguments: BrokenCatalogCorpus.cases)
    func theMistakeIsReportedFirstOnItsLineWithItsCode(_ c: BrokenCase) {
        let outcome = Self.outcome(c)
        let located = outcome.isLocated(c)
        #expect(located, "\(TestSupport.render(outcome.diagnostics, outcome.sources))")
        #expect(outcome.first?.code == c.code, "\(TestSupport.render(outcome.diagnostics, outcome.sources))")
        #expect(outcome.first?.severity == c.severity)
    }

    @Test(arguments: BrokenCatalogCorpus.cases)
    func theReportSaysHowToFixIt(_ c: BrokenCase) {
        let outcome = Self.outcome(c)
        let actionable = outcome.isActionable(c)
        #expect(actionable, "no '\(c.hint)' in: \(DiagnosticRenderer.text(outcome.diagnostics, sources: outcome.sources))")
    }

    @Test(arguments: BrokenCatalogCorpus.cases)
    func oneMistakeGivesOneDiagnostic(_ c: BrokenCase) {
        let outcome = Self.outcome(c)
        let cascadeFree = outcome.isCascadeFree
        #expect(cascadeFree, "\(TestSupport.render(outcome.diagnostics, outcome.sources))")
    }

    /// A fix-it is an edit the author may apply without reading it twice: applied, it leaves a
    /// catalog without errors.
    @Test(arguments: BrokenCatalogCorpus.cases)
    func theFirstFixItLeavesNoError(_ c: BrokenCase) {
        let outcome = Self.outcome(c)
        guard let fixIt = outcome.first?.fixIts.first else { return }
        let fixed = Self.applying(fixIt, to: Self.files(of: c), in: outcome.sources)
        let after = Checker.check(Self.sources(fixed)).diagnostics.filter { $0.severity == .error }
        #expect(after.isEmpty, "after '\(fixIt.message)': \(after.map(\.message))")
    }

    @Test func renderedOutputMatchesTheGoldenFile() {
        var out = ""
        for c in BrokenCatalogCorpus.cases {
            let outcome = Self.outcome(c)
            out += "=== \(c.name) (\(c.file):\(c.line) \(c.code))\n"
            out += DiagnosticRenderer.text(outcome.diagnostics, sources: outcome.sources)
        }
        expectGolden(out, "broken-catalogs.txt")
    }

    /// `TIPS_CORPUS_REPORT=1 swift test --filter BrokenCatalogTests` prints the figures.
    @Test func figures() {
        guard ProcessInfo.processInfo.environment["TIPS_CORPUS_REPORT"] == "1" else { return }
        var located = 0, coded = 0, actionable = 0, clean = 0, withFixIt = 0, fixItsClean = 0
        for c in BrokenCatalogCorpus.cases {
            let outcome = Self.outcome(c)
            var marks: [String] = []
            if outcome.isLocated(c) { located += 1 } else { marks.append("misplaced") }
            if outcome.first?.code == c.code { coded += 1 } else { marks.append("code \(outcome.first?.code ?? "-")") }
            if outcome.isActionable(c) { actionable += 1 } else { marks.append("not actionable") }
            if outcome.isCascadeFree { clean += 1 } else { marks.append("\(outcome.diagnostics.count) diagnostics") }
            if let fixIt = outcome.first?.fixIts.first {
                withFixIt += 1
                let fixed = Self.applying(fixIt, to: Self.files(of: c), in: outcome.sources)
                if Checker.check(Self.sources(fixed)).diagnostics.allSatisfy({ $0.severity != .error }) {
                    fixItsClean += 1
                } else {
                    marks.append("fix-it leaves an error")
                }
            }
            if !marks.isEmpty { print("corpus: \(c.name): \(marks.joined(separator: ", "))") }
        }
        let n = BrokenCatalogCorpus.cases.count
        print("corpus: \(n) cases; located \(located), expected code \(coded), actionable \(actionable), "
              + "cascade-free \(clean), with a fix-it \(withFixIt) (\(fixItsClean) leave no error)")
    }
}
