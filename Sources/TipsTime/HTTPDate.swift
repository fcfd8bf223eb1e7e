/// HTTP dates (RFC 9110 section 5.6.7), as a `Retry-After` header may carry them: the
/// preferred IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, and the two obsolete forms a
/// recipient must still accept, RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT` and asctime's
/// `Sun Nov  6 08:49:37 1994`. Always GMT. Imports nothing, like the rest of `TipsTime`.
public enum HTTPDate {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Milliseconds since 1970-01-01T00:00:00Z, or nil when `text` is none of the three
    /// forms or names no real date and time (`31 Feb`, `25:00:00`). The weekday must be a
    /// weekday's name; whether it is that date's is not checked (senders get it wrong, and
    /// the date is what counts). An RFC 850 two-digit year is 19yy from 70, else 20yy.
    public static func parse(_ text: String) -> Int64? {
        let s = text.trimmingSpaces
        if let comma = s.firstIndex(of: ",") {
            let weekday = String(s[..<comma])
            let rest = s[s.index(after: comma)...].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if shortDays.contains(weekday), rest.count == 5, rest[4] == "GMT" {
                // IMF-fixdate: day month year time GMT.
                guard rest[0].count == 2, rest[2].count == 4, let day = number(rest[0]), let month = month(rest[1]),
                      let year = number(rest[2]) else { return nil }
                return instant(year: year, month: month, day: day, time: rest[3])
            }
            if longDays.contains(weekday), rest.count == 3, rest[2] == "GMT" {
                // RFC 850: dd-Mon-yy time GMT.
                let parts = rest[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3, parts[0].count == 2, parts[2].count == 2, let day = number(parts[0]),
                      let month = month(parts[1]), let yy = number(parts[2]) else { return nil }
                return instant(year: yy >= 70 ? 1900 + yy : 2000 + yy, month: month, day: day, time: rest[1])
            }
            return nil
        }
        // asctime: weekday month day time year, the day space-padded.
        let parts = s.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard parts.count == 5, shortDays.contains(parts[0]), let month = month(parts[1]), (1...2).contains(parts[2].count),
              let day = number(parts[2]), parts[4].count == 4, let year = number(parts[4]) else { return nil }
        return instant(year: year, month: month, day: day, time: parts[3])
    }

    private static func month(_ name: String) -> Int64? { months.firstIndex(of: name).map { Int64($0) + 1 } }

    /// Decimal digits only (no sign, no spaces), at most 4 of them.
    private static func number(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(text)
    }

    private static func instant(year: Int64, month: Int64, day: Int64, time: String) -> Int64? {
        let hms = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard hms.count == 3, hms.allSatisfy({ $0.count == 2 }), let h = number(hms[0]), let m = number(hms[1]),
              let sec = number(hms[2]), h <= 23, m <= 59, sec <= 60, (1...31).contains(day) else { return nil }
        let days = ISO8601.days(year: year, month: month, day: day)
        // A day past the month's end rolls over: refuse it rather than read another date.
        let back = ISO8601.civil(days: days)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        // A leap second (60) is read as the next second's start: close enough for a wait.
        return ((days * 24 + h) * 60 + m) * 60_000 + sec * 1000
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
