/// "Did you mean ...?" for mistyped commands, options and values.
enum Suggestion {
    /// The candidate closest to `input` by edit distance, if it is close enough to be a
    /// plausible typo (one edit for short words, two for longer), or that `input` begins.
    static func closest(to input: String, among candidates: [String]) -> String? {
        let allowed = input.count <= 4 ? 1 : 2
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(input, candidate)
            if d <= allowed, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        if let best { return best.0 }
        let stripped = input.drop(while: { $0 == "-" })
        if stripped.count >= 2 {
            return candidates.first { $0.drop(while: { $0 == "-" }).hasPrefix(stripped) }
        }
        return nil
    }

    /// Levenshtein distance over Unicode scalars.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
