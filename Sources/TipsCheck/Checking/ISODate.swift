/// Parses the ISO-8601 instants accepted by `date("...")`, without Foundation so the result
/// is the same on every platform: `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`, or a bare date
/// `YYYY-MM-DD` (midnight UTC).
enum ISODate {
    /// Milliseconds since the Unix epoch, or nil when `text` is not a valid instant.
    static func parse(_ text: String) -> Int64? {
        let c = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int64? {
            guard i + digits <= c.count else { return nil }
            var v: Int64 = 0
            for k in i..<(i + digits) {
                guard c[k] >= 48, c[k] <= 57 else { return nil }
                v = v * 10 + Int64(c[k] - 48)
            }
            i += digits
            return v
        }
        func expect(_ ch: Character) -> Bool {
            guard i < c.count, c[i] == ch.asciiValue else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"),
              let day = number(2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var ms: Int64 = 0
        if i == c.count { return days(year: year, month: month, day: day) * 86_400_000 }
        guard expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
              let second = number(2), hour < 24, minute < 60, second < 60 else { return nil }
        if expect(".") {
            guard let frac = number(3) else { return nil }
            ms = frac
        }
        var offset: Int64 = 0
        if expect("Z") {
        } else if i < c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") {
            let sign: Int64 = c[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 60 + om) * 60_000
        } else {
            return nil
        }
        guard i == c.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return seconds * 1000 + ms - offset
    }

    private static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
