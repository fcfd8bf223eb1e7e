/// The ISO-8601 instants scenarios accept, parsed without Foundation so results are the same
/// on every platform: `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by
/// `Z` or `±HH:MM`; and the reverse, for messages and the timeline.
enum ISOInstant {
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
        func expect(_ ch: UInt8) -> Bool {
            guard i < c.count, c[i] == ch else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let midnight = days(year: year, month: month, day: day) * 86_400_000
        if i == c.count { return midnight }
        guard expect(UInt8(ascii: "T")), let hour = number(2), expect(0x3A), let minute = number(2),
              hour < 24, minute < 60 else { return nil }
        var second: Int64 = 0
        var ms: Int64 = 0
        if expect(0x3A) {
            guard let s = number(2), s < 60 else { return nil }
            second = s
            if expect(0x2E) {
                guard let f = number(3) else { return nil }
                ms = f
            }
        }
        var offset: Int64 = 0
        if expect(UInt8(ascii: "Z")) {
        } else if i < c.count, c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-") {
            let sign: Int64 = c[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let oh = number(2), expect(0x3A), let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 60 + om) * 60_000
        } else {
            return nil
        }
        guard i == c.count else { return nil }
        return midnight + ((hour * 60 + minute) * 60 + second) * 1000 + ms - offset
    }

    /// `2026-01-01T09:00:00Z` (milliseconds shown only when not zero); outside the years
    /// 0000–9999 (an instant computed from a huge offset), `<N>ms since 1970`.
    static func format(_ instant: Int64) -> String {
        guard instant >= -62_167_219_200_000, instant < 253_402_300_800_000 else { return "\(instant)ms since 1970" }
        let dayCount = instant >= 0 ? instant / 86_400_000 : (instant - 86_399_999) / 86_400_000
        let msOfDay = instant &- dayCount &* 86_400_000
        let (y, m, d) = civil(fromDays: dayCount)
        let h = msOfDay / 3_600_000, mi = msOfDay / 60_000 % 60, s = msOfDay / 1000 % 60, ms = msOfDay % 1000
        var text = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(h, 2)):\(pad(mi, 2)):\(pad(s, 2))"
        if ms != 0 { text += ".\(pad(ms, 3))" }
        return text + "Z"
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

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    private static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01 (the inverse of `days`).
    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
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
}
