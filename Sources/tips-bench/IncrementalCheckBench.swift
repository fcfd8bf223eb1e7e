import TipsCheck
import TipsDriver
import TipsSource
import TipsSyntax

/// check.edit.1k: what an editor pays between an edit and fresh diagnostics for every file
/// of a generated 1,000-tip catalog in 23 files: the edited file re-parsed, the catalog
/// re-checked by an ``IncrementalChecker``; against the same with a full
/// `Checker.check(_:parsed:)` (what the language server did before), in the same run.
enum IncrementalCheckBench {
    static let edit = Benchmark(
        name: "check.edit.1k",
        summary: "one tip's title edited in a 1,000-tip, 23-file catalog: incremental re-check vs full check"
    ) { context in
        let name = "check.edit.1k"
        let files = CatalogGenerator(.init(tips: 1000, tipsPerFile: 50)).files()
        // The first file with tips; the edit types into (and deletes from) its first title.
        guard let edited = files.firstIndex(where: { $0.text.contains("title \"") }),
              let quote = files[edited].text.range(of: "title \"") else {
            return [BenchResult(name: name, note: "no tip title in the generated catalog")]
        }
        let original = Array(files[edited].text.utf8)
        var changed = original
        changed.insert(UInt8(ascii: "x"), at: files[edited].text.utf8.distance(
            from: files[edited].text.utf8.startIndex, to: quote.upperBound))
        let session = Session(files: files, edited: edited, versions: [changed, original])

        // Both sides must agree, and the incremental side must really be incremental.
        for _ in 0..<2 {
            let a = session.edit(incremental: true)
            let b = session.edit(incremental: false)
            guard a.diagnostics == b.diagnostics, a.model == b.model else {
                return [BenchResult(name: name, note: "error: incremental and full results differ")]
            }
        }
        let statistics = session.checker.statistics
        guard statistics.incremental, statistics.checkedTips == 50 else {
            return [BenchResult(name: name, note: "error: the edit was not checked incrementally (\(statistics))")]
        }
        let times = context.runner.nanosecondsPerOperation([
            .init(operation: { session.edit(incremental: true).diagnostics.count }),
            .init(operation: { session.edit(incremental: false).diagnostics.count }),
        ])
        var row = BenchResult(name: name, nsPerOp: times[0], baseline: "full", baselineNsPerOp: times[1])
        row.extra = [("files", .double(Double(files.count))), ("checked_tips", .double(Double(statistics.checkedTips))),
                     ("reused_tips", .double(Double(statistics.reusedTips)))]
        row.note = "\(files.count) files, \(statistics.checkedTips) tips re-checked, \(statistics.reusedTips) reused"
        return [row]
    }

    /// The catalog as an editor holds it: every file's bytes and parse, one file edited by
    /// turns into each of `versions`.
    final class Session {
        let paths: [String]
        var bytes: [[UInt8]]
        var parsed: [ParseResult]
        let edited: Int
        let versions: [[UInt8]]
        /// Each side's own count of edits, so each always checks the other version than its
        /// last (an unchanged catalog would cost the incremental side nothing).
        var turns = [0, 0]
        var checker = IncrementalChecker()

        init(files: [(path: String, text: String)], edited: Int, versions: [[UInt8]]) {
            paths = files.map(\.path)
            bytes = files.map { Array($0.text.utf8) }
            var sources = SourceSet()
            for (path, b) in zip(paths, bytes) { sources.add(path: path, bytes: b) }
            parsed = sources.files.map(Parser.parse)
            self.edited = edited
            self.versions = versions
            _ = checker.check(sources, parsed: parsed)
        }

        /// Applies the next version of the edited file, re-parses it and checks the catalog.
        func edit(incremental: Bool) -> CheckResult {
            let side = incremental ? 0 : 1
            bytes[edited] = versions[turns[side] % versions.count]
            turns[side] += 1
            var sources = SourceSet()
            for (path, b) in zip(paths, bytes) { sources.add(path: path, bytes: b) }
            parsed[edited] = Parser.parse(sources.files[edited])
            return incremental ? checker.check(sources, parsed: parsed) : Checker.check(sources, parsed: parsed)
        }
    }
}
