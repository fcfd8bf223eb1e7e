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

    /// Edit distance over Unicode scalars, counting a swap of two neighbours as one edit
    /// (`flase`, `manualSvae` are the commonest typos); stops early above `limit`
    /// (returns limit + 1).
    static func distance(_ a: String, _ b: String, limit: Int) -> Int {
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
