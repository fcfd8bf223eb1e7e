import TipsSource
import TipsSyntax

/// `// lint-ignore W110 W112`: silences the listed lint codes (the codes right after the
/// marker) on the comment's own line and on the line after it, so a deliberate exception is written down where it is made.
///
/// Only W-codes can be silenced, and only by naming them: there is no blanket form, so a new
/// lint is never hidden by an old comment.
struct LintSuppression {
    /// One `lint-ignore` comment: where it is and the codes it names.
    struct Entry {
        var range: SourceRange
        var codes: [String]
    }

    /// Every `lint-ignore` comment, in source order.
    private(set) var entries: [Entry] = []
    /// (file, 0-based line) → the entries whose codes are silenced there.
    private var silenced: [FileID: [Int: [Int]]] = [:]

    /// The marker that starts a suppression inside a comment.
    static let marker = "lint-ignore"

    init(files: [FileSyntax], sources: SourceSet) {
        for file in files {
            guard file.file.index >= 0, Int(file.file.index) < sources.files.count else { continue }
            let source = sources[file.file]
            for comment in file.comments {
                let codes = Self.orderedCodes(in: comment.text)
                guard !codes.isEmpty else { continue }
                entries.append(Entry(range: comment.range, codes: codes))
                let first = source.lineIndex(of: comment.range.start)
                let last = source.lineIndex(of: max(comment.range.start, comment.range.end - 1))
                for line in first...(last + 1) {
                    silenced[file.file, default: [:]][line, default: []].append(entries.count - 1)
                }
            }
        }
    }

    /// The W-codes named after the marker in `comment`, or none if it has no marker.
    static func codes(in comment: String) -> Set<String> { Set(orderedCodes(in: comment)) }

    /// The W-codes named after the marker, in order, each once.
    private static func orderedCodes(in comment: String) -> [String] {
        let words = comment.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == ":" })
            .map(String.init)
        guard let start = words.firstIndex(where: { $0.hasSuffix(marker) }) else { return [] }
        var codes: [String] = []
        // Only the codes right after the marker: `// lint-ignore W110 // note W102` names W110.
        for word in words[(start + 1)...] {
            guard isCode(word) else { break }
            if !codes.contains(word) { codes.append(word) }
        }
        return codes
    }

    /// `W` and three ASCII digits.
    private static func isCode(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count == 4, scalars[0] == "W" else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// The entry that silences `diagnostic`, if a comment does.
    func entry(silencing diagnostic: Diagnostic, sources: SourceSet) -> Int? {
        let file = diagnostic.range.file
        guard let lines = silenced[file], Int(file.index) < sources.files.count else { return nil }
        let line = sources[file].lineIndex(of: diagnostic.range.start)
        return lines[line]?.first { entries[$0].codes.contains(diagnostic.code) }
    }

    /// Whether `diagnostic` is silenced by a comment.
    func isSilenced(_ diagnostic: Diagnostic, sources: SourceSet) -> Bool {
        entry(silencing: diagnostic, sources: sources) != nil
    }

    /// W171 for each code of a comment that silenced nothing (`used`: entry index and code
    /// of every warning silenced), as swiftlint reports a superfluous disable command: a
    /// stale exception would hide the next real warning of that code on its lines.
    func superfluous(used: Set<Used>) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, e) in entries.enumerated() {
            for code in e.codes where !used.contains(Used(entry: i, code: code)) {
                out.append(.warning(.superfluousLintIgnore, "lint-ignore code \(code) silences nothing", at: e.range,
                                    notes: [Note("no \(code) warning is reported on this line or the next; remove \(code) from the comment")]))
            }
        }
        return out
    }

    /// A code of an entry that silenced a warning.
    struct Used: Hashable {
        var entry: Int
        var code: String
    }
}
