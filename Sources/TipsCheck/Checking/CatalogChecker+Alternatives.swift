import TipsSource
import TipsSyntax

/// One `message` or `image` line of a tip: whether it has a `when`, and whether that
/// condition holds on every platform whatever the state (which makes it a fallback too).
struct ContentLine {
    var hasCondition: Bool
    var holdsEverywhere: Bool
    var range: SourceRange

    init(condition: ExprSyntax?, checked: ContentCondition?, range: SourceRange) {
        hasCondition = condition != nil
        holdsEverywhere = condition != nil && checked != nil && checked?.expr == nil
            && Set(checked?.platforms ?? []) == Set(ContentCondition.platformNames)
        self.range = range
    }

    /// Shown whenever it is reached: no `when`, or one that always holds.
    var isFallback: Bool { !hasCondition || holdsEverywhere }
}

extension CatalogChecker {
    /// A tip's messages (or images) are alternatives: the first whose `when` holds is shown,
    /// and one without `when` is the fallback. A fallback that is not the last line hides
    /// every line after it (E437).
    mutating func checkAlternatives(_ lines: [ContentLine], kind: String) {
        guard lines.count > 1 else { return }
        for (i, line) in lines.enumerated().dropLast() where line.isFallback {
            let later = lines[(i + 1)...]
            let fix: FixIt
            if later.contains(where: { $0.isFallback }) {
                // Two fallbacks: only one can be; removing this one keeps the last.
                fix = .replace(line.range, with: "", message: "remove this \(kind)")
            } else {
                let last = lines[lines.count - 1].range
                let text = sources[line.range.file].text(in: line.range)
                fix = FixIt(message: "move it after the last \(kind)", edits: [
                    FixIt.Edit(range: line.range, replacement: ""),
                    FixIt.Edit(range: SourceRange(file: last.file, start: last.end, end: last.end),
                               replacement: "\n" + indentation(of: last) + text),
                ])
            }
            let what = line.hasCondition ? "this \(kind)'s condition holds on every platform" : "this \(kind) has no 'when'"
            error(.fallbackNotLast, "\(what), so the \(kind)s after it are never shown", at: line.range,
                  notes: [Note("the first \(kind) whose condition holds is shown; the one without 'when' is the fallback and comes last"),
                          Note("next \(kind) here", at: lines[i + 1].range)],
                  fixIts: [fix])
        }
    }

    /// The spaces before `range` on its line, to write a moved line at the same depth.
    private func indentation(of range: SourceRange) -> String {
        let bytes = sources[range.file].bytes
        let end = min(Int(range.start), bytes.count)
        var start = end
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
