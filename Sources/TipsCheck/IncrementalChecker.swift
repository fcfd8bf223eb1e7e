import TipsSource
import TipsSyntax

/// Checks a catalog again and again as its files are edited (an editor's use), doing the
/// work only for what an edit can have changed. Every result equals ``Checker/check(_:parsed:)``
/// of the same files.
///
/// It remembers the last run: each file's bytes, each tip as the checker left it with its
/// diagnostics, and each file's per-tip lint warnings. A run whose edited files declared
/// only tips, groups and testing blocks before and after the edit, the same ones in the same
/// order (typing inside a tip's body, a title, a rule, a group's members, a comment; breaking
/// and fixing its syntax), has the same names and the same other declarations (parameters,
/// events, enumerations, constants, configuration) as the last one; the tips of unchanged files
/// then read the same inputs, so their results are taken as they were (except the few whose
/// diagnostics point into an edited file, re-checked so every range is current), and only
/// the edited files' tips are checked and linted. The same holds for an edit in a file with
/// other declarations that leaves every token outside its tips, groups and testing blocks as
/// it was (whitespace, comments, its own tips; see ``FileShape``). Everything that compares
/// tips with one another (names, ids, groups, unused declarations, testing overrides,
/// cascades) runs over the whole catalog every time. Any other edit (a declaration added,
/// removed, renamed or of another kind, or any of its tokens changed; files added, removed
/// or reordered) checks everything, as the first run does.
public struct IncrementalChecker: Sendable {
    /// What the last run did, for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        /// Whether the last run reused anything (`false` for a full check).
        public var incremental = false
        /// Tips whose results were taken from the run before.
        public var reusedTips = 0
        /// Tips checked.
        public var checkedTips = 0
        /// Files whose tips were linted.
        public var lintedFiles = 0

        public init() {}
    }

    /// The last run.
    private struct Snapshot: Sendable {
        var sources: SourceSet
        /// Per file: what its unchanged neighbours' tips may read from it (see ``FileShape``).
        var tipNames: [FileShape]
        var tips: [TipReuse.CheckedTip]
        /// Per file: the per-tip lints of its tips, before suppression.
        var tipLints: [[Diagnostic]]
        var result: CheckResult
    }

    private var last: Snapshot?
    /// What the last ``check(_:parsed:)`` reused and redid.
    public private(set) var statistics = Statistics()

    public init() {}

    /// Checks `sources`, whose files are parsed in `parsed` (`parsed[i]` is `Parser.parse`
    /// of `sources.files[i]`), reusing what the previous call found for unchanged files.
    public mutating func check(_ sources: SourceSet, parsed: [ParseResult]) -> CheckResult {
        guard parsed.count == sources.files.count else {
            return check(sources, parsed: sources.files.map(Parser.parse))
        }
        var tipNames: [FileShape] = []
        for (i, result) in parsed.enumerated() {
            if let last, i < last.sources.files.count, last.sources.files[i].path == sources.files[i].path,
               last.sources.files[i].bytes == sources.files[i].bytes {
                tipNames.append(last.tipNames[i])
            } else {
                tipNames.append(FileShape(result.tree, source: sources.files[i]))
            }
        }
        let changed = last.flatMap { Self.editedFiles(from: $0, to: sources, tipNames: tipNames) }
        statistics = Statistics()
        if let changed, changed.isEmpty, let last {
            statistics.incremental = true
            statistics.reusedTips = last.tips.count
            return last.result
        }
        var reuse = TipReuse()
        reuse.isRecording = true
        if let changed, let last {
            statistics.incremental = true
            reuse.reusable = last.tips.map { checked in
                changed.contains(checked.tip.range.file) || checked.diagnostics.contains { $0.mentions(changed) }
                    ? nil : checked
            }
        }
        let previousLints = changed == nil ? nil : last?.tipLints
        var tipLints: [[Diagnostic]] = Array(repeating: [], count: sources.files.count)
        var lintedFiles = 0
        let result = Checker.check(sources, parsed: parsed, tipReuse: &reuse) { trees, sources in
            Linter.lint(trees, sources: sources) { context in
                for tree in trees {
                    let i = Int(tree.file.index)
                    if let changed, let previousLints, !changed.contains(tree.file),
                       !previousLints[i].contains(where: { $0.mentions(changed) }) {
                        tipLints[i] = previousLints[i]
                    } else {
                        tipLints[i] = Linter.tipLints(context.restricted(toTipsIn: [tree.file]))
                        lintedFiles += 1
                    }
                }
                return tipLints.flatMap { $0 }
            }
        }
        statistics.reusedTips = reuse.reused
        statistics.checkedTips = reuse.recorded.count - reuse.reused
        statistics.lintedFiles = lintedFiles
        last = Snapshot(sources: sources, tipNames: tipNames, tips: reuse.recorded, tipLints: tipLints, result: result)
        return result
    }

    /// Forgets the last run: the next one checks everything.
    public mutating func reset() {
        last = nil
        statistics = Statistics()
    }

    /// The files that differ from the last run, or `nil` when the edit may have changed what
    /// unchanged files' tips read (see the type's documentation) and everything must be checked.
    private static func editedFiles(from last: Snapshot, to sources: SourceSet,
                                    tipNames: [FileShape]) -> Set<FileID>? {
        guard last.sources.files.count == sources.files.count else { return nil }
        var changed: Set<FileID> = []
        for (i, file) in sources.files.enumerated() {
            let old = last.sources.files[i]
            guard old.path == file.path else { return nil }
            if old.bytes == file.bytes { continue }
            guard tipNames[i] == last.tipNames[i] else { return nil }
            changed.insert(file.id)
        }
        return changed
    }
}

extension Diagnostic {
    /// Whether the diagnostic, a note or a fix-it has a range in one of `files`.
    func mentions(_ files: Set<FileID>) -> Bool {
        files.contains(range.file)
            || notes.contains { $0.range.map { files.contains($0.file) } ?? false }
            || fixIts.contains { $0.edits.contains { files.contains($0.range.file) } }
    }
}
