import Foundation

/// Time zones by IANA identifier, as tools and scenarios take them (`Europe/Berlin`,
/// `UTC`): the one place that resolves a name and suggests a known one for a misspelling.
public enum TimeZoneName {
    /// The zone named `identifier`, or nil when Foundation knows no such zone.
    public static func zone(_ identifier: String) -> TimeZone? {
        guard !identifier.isEmpty, !identifier.contains(" ") else { return nil }
        return TimeZone(identifier: identifier)
    }

    /// A known identifier close to `identifier` (the same letters in another case first).
    public static func suggestion(for identifier: String) -> String? {
        let known = TimeZone.knownTimeZoneIdentifiers
        let lower = identifier.lowercased()
        if let same = known.first(where: { $0.lowercased() == lower }) { return same }
        // The city alone (`Berlin`, `New_York`) names its zone.
        if let city = known.first(where: { $0.lowercased().hasSuffix("/" + lower) }) { return city }
        var best: (String, Int)? = nil
        for k in known {
            let d = distance(Array(lower.utf8), Array(k.lowercased().utf8))
            if d <= max(2, lower.count / 4), best.map({ d < $0.1 }) ?? true { best = (k, d) }
        }
        return best?.0
    }

    /// The message for an unknown zone: what was given and what to write.
    public static func unknownMessage(_ identifier: String) -> (message: String, note: String) {
        let note = suggestion(for: identifier).map { "did you mean '\($0)'?" }
            ?? "a time zone is an IANA identifier such as Europe/Berlin, America/New_York or UTC"
        return ("unknown time zone '\(identifier)'", note)
    }

    private static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
