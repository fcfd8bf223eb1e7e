/// "Did you mean" candidates by edit distance.
enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a plausible typo:
    /// at most one edit per three characters (at least one). Ties go to the earliest candidate.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let limit = max(1, name.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let d = distance(name, candidate, limit: limit)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Levenshtein distance over Unicode scalars; stops early above `limit` (returns limit + 1).
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = previous
        for i in 1...x.count {
            current[0] = i
            var rowMin = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
