/// ISO-8601 instants as milliseconds since the Unix epoch, parsed and printed without
/// Foundation so results are the same on every platform and in every locale. The one
/// implementation behind `date("...")` in the checker, `--at` and journal times in `tipc`,
/// scenario instants and runtime explanations.
///
/// Parsed: `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`; with
/// `secondsOptional`, also `YYYY-MM-DDTHH:MM(Z|±HH:MM)` (scenarios allow it). Printed: UTC
/// with a `Z`, milliseconds only when there are some (`2026-01-01T09:30:00Z`, `...:00.250Z`).
public enum ISO8601 {
    /// The first and last instants whose year has four digits (0000-01-01T00:00:00Z and
    /// 9999-12-31T23:59:59.999Z); outside them each caller prints instants its own way.
    public static let fourDigitYears: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// Milliseconds since the Unix epoch, or nil when `text` is not a valid instant.
    public static func parse(_ text: String, secondsOptional: Bool = false) -> Int64? {
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
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let midnight = days(year: year, month: month, day: day) * 86_400_000
        if i == c.count { return midnight }
        guard expect("T"), let hour = number(2), expect(":"), let minute = number(2), hour < 24, minute < 60 else {
            return nil
        }
        var second: Int64 = 0
        var ms: Int64 = 0
        if expect(":") {
            guard let s = number(2), s < 60 else { return nil }
            second = s
            if expect(".") {
                guard let fraction = number(3) else { return nil }
                ms = fraction
            }
        } else if !secondsOptional {
            return nil
        }
        var offset: Int64 = 0
        if !expect("Z") {
            guard i < c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") else { return nil }
            let sign: Int64 = c[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 60 + om) * 60_000
        }
        guard i == c.count else { return nil }
        return midnight + ((hour * 60 + minute) * 60 + second) * 1000 + ms - offset
    }

    /// `ms` as `YYYY-MM-DDTHH:MM:SS[.fff]Z`, for any 64-bit instant without trapping. Years
    /// 0–999 are padded to four digits; other years print as they are (`-1`, `10000`),
    /// which is why callers that want a fixed shape check `fourDigitYears` first.
    public static func format(_ ms: Int64) -> String {
        let dayMs: Int64 = 86_400_000
        let q = ms / dayMs, r = ms % dayMs
        let (day, inDay) = r < 0 ? (q - 1, r + dayMs) : (q, r)
        let (y, m, d) = civil(days: day)
        var year = String(y)
        if y >= 0 && y < 1000 { year = pad(y, 4) }
        var text = year + "-" + pad(m, 2) + "-" + pad(d, 2) + "T" + pad(inDay / 3_600_000, 2) + ":"
            + pad(inDay / 60_000 % 60, 2) + ":" + pad(inDay / 1000 % 60, 2)
        if inDay % 1000 != 0 { text += "." + pad(inDay % 1000, 3) }
        return text + "Z"
    }

    /// `ms` for people and tables: `format(ms)` within `fourDigitYears`, else `@<ms>ms` (a
    /// journal, or a scenario's huge offset, may hold any 64-bit instant; printing must not
    /// trap, and `-1-12-31T...` would read as a date). The one printing of instants in
    /// `tipc journal`, `tipc status` and scenario messages and timelines.
    public static func display(_ ms: Int64) -> String {
        fourDigitYears.contains(ms) ? format(ms) : "@\(ms)ms"
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm, proleptic Gregorian).
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date (year, month, day) of a day count from 1970-01-01 (the inverse of `days`).
    public static func civil(days z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    private static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    private static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
