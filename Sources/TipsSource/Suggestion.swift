/// "Did you mean ...?": the closest candidate by edit distance.
///
/// One implementation for every stage that suggests names (parser item words, checker
/// names, scenario words, command-line options); each caller says how close is close
/// enough for what it suggests.
public enum Suggestion {
    /// How many edits a suggestion may be away from what was typed.
    public enum Closeness: Sendable {
        /// One edit per three characters, at least one: names in definitions and scenarios.
        case perThreeCharacters
        /// One edit up to `shortLength` characters, two beyond: keywords and options.
        case oneOrTwo(shortLength: Int)

        func limit(for word: String) -> Int {
            switch self {
            case .perThreeCharacters: max(1, word.unicodeScalars.count / 3)
            case .oneOrTwo(let shortLength): word.unicodeScalars.count <= shortLength ? 1 : 2
            }
        }
    }

    /// The candidate closest to `word`, if close enough to be a plausible typo; ties go to the
    /// earliest candidate, and `word` itself is never suggested.
    public static func closest(to word: String, among candidates: [String],
                               closeness: Closeness = .perThreeCharacters) -> String? {
        let limit = closeness.limit(for: word)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = distance(word, candidate, limit: limit)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit
    /// (`titel`, `flase`, `manualSvae` are the commonest typos); stops early once it is sure
    /// to exceed `limit` (then returns a value above `limit`).
    public static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = Array(repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = previous
        var previousRowMin = 0
        for i in 1...x.count {
            current[0] = i
            var rowMin = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMin = min(rowMin, current[j])
            }
            // A swap reaches back two rows, so stop only once two rows in a row exceed the limit.
            if rowMin > limit, previousRowMin > limit { return limit + 1 }
            previousRowMin = rowMin
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count]
    }
}
