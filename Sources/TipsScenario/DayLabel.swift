import TipsTime

/// Instants as the days of a run: `day 3 09:05` counts calendar days (UTC) from the run's
/// first day, which is day 1, so a forecast's rows and a timeline's axis name the same day.
/// The one home of that wording for forecasts and timelines.
enum DayLabel {
    static let dayMs: Int64 = 86_400_000

    /// The calendar day (UTC) holding `ms`, as days since 1970-01-01 (floored).
    static func day(_ ms: Int64) -> Int64 {
        let q = ms / dayMs
        return ms % dayMs < 0 ? q - 1 : q
    }

    /// The number of the day holding `at` when `start`'s day is day 1 (0 or less before it).
    static func number(_ at: Int64, start: Int64) -> Int64 {
        day(at) &- day(start) &+ 1
    }

    /// The time of day of `ms`: `09:05`, with seconds and milliseconds only when they are set
    /// (`09:05:30`, `09:05:30.250`), so steps a few seconds apart stay distinct.
    static func timeOfDay(_ ms: Int64) -> String {
        let inDay = ms &- day(ms) &* dayMs
        func pad(_ v: Int64, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        var text = pad(inDay / 3_600_000, 2) + ":" + pad(inDay / 60_000 % 60, 2)
        if inDay % 60_000 != 0 { text += ":" + pad(inDay / 1000 % 60, 2) }
        if inDay % 1000 != 0 { text += "." + pad(inDay % 1000, 3) }
        return text
    }

    /// `day 3 09:05`.
    static func text(_ at: Int64, start: Int64) -> String {
        "day \(number(at, start: start)) \(timeOfDay(at))"
    }

    /// The date of `ms` (`2026-01-03`), or nil past four-digit years, where a date would mislead.
    static func date(_ ms: Int64) -> String? {
        ISO8601.fourDigitYears.contains(ms) ? String(ISO8601.format(ms).prefix(10)) : nil
    }
}
