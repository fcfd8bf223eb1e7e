import TipsSource
import TipsSyntax

/// `// lint-ignore W110 W112`: silences the listed lint codes (the codes right after the
/// marker) on the comment's own line and on the line after it, so a deliberate exception is written down where it is made.
///
/// Only W-codes can be silenced, and only by naming them: there is no blanket form, so a new
/// lint is never hidden by an old comment.
struct LintSuppression {
    /// (file, 0-based line) → codes silenced there.
    private var silenced: [FileID: [Int: Set<String>]] = [:]

    /// The marker that starts a suppression inside a comment.
    static let marker = "lint-ignore"

    init(files: [FileSyntax], sources: SourceSet) {
        for file in files {
            guard file.file.index >= 0, Int(file.file.index) < sources.files.count else { continue }
            let source = sources[file.file]
            for comment in file.comments {
                let codes = Self.codes(in: comment.text)
                guard !codes.isEmpty else { continue }
                let first = source.lineIndex(of: comment.range.start)
                let last = source.lineIndex(of: max(comment.range.start, comment.range.end - 1))
                for line in first...(last + 1) {
                    silenced[file.file, default: [:]][line, default: []].formUnion(codes)
                }
            }
        }
    }

    /// The W-codes named after the marker in `comment`, or none if it has no marker.
    static func codes(in comment: String) -> Set<String> {
        let words = comment.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == ":" })
            .map(String.init)
        guard let start = words.firstIndex(where: { $0.hasSuffix(marker) }) else { return [] }
        var codes: Set<String> = []
        // Only the codes right after the marker: `// lint-ignore W110 // note W102` names W110.
        for word in words[(start + 1)...] {
            guard isCode(word) else { break }
            codes.insert(word)
        }
        return codes
    }

    /// `W` and three ASCII digits.
    private static func isCode(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count == 4, scalars[0] == "W" else { return false }
        return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether `diagnostic` is silenced by a comment.
    func isSilenced(_ diagnostic: Diagnostic, sources: SourceSet) -> Bool {
        let file = diagnostic.range.file
        guard let lines = silenced[file], Int(file.index) < sources.files.count else { return false }
        let line = sources[file].lineIndex(of: diagnostic.range.start)
        return lines[line]?.contains(diagnostic.code) ?? false
    }
}
