/// Calendar arithmetic on local instants (ms since the Unix epoch shifted by the zone's
/// offset), in integers only: the proleptic Gregorian calendar, as Howard Hinnant's
/// `civil_from_days` computes it. What `localTime` and `countDays` need, with no Foundation
/// call and no allocation.
public enum CivilDate {
    /// Milliseconds in a day.
    public static let dayMs: Int64 = 86_400_000

    /// Whole days since 1970-01-01 of local instant `local` (floor division).
    @inline(__always)
    public static func day(_ local: Int64) -> Int64 {
        let q = local / dayMs
        return (local % dayMs < 0) ? q &- 1 : q
    }

    /// Year, month (1...12) and day of month (1...31) of day number `days`.
    @inline(__always)
    public static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days &+ 719_468
        let era = (z >= 0 ? z : z &- 146_096) / 146_097
        let doe = z &- era &* 146_097
        let yoe = (doe &- doe / 1460 &+ doe / 36524 &- doe / 146_096) / 365
        let doy = doe &- (365 &* yoe &+ yoe / 4 &- yoe / 100)
        let mp = (5 &* doy &+ 2) / 153
        let d = doy &- (153 &* mp &+ 2) / 5 &+ 1
        let m = mp < 10 ? mp &+ 3 : mp &- 9
        return (yoe &+ era &* 400 &+ (m <= 2 ? 1 : 0), m, d)
    }

    /// ISO 8601 weekday of day number `days`: 1 Monday ... 7 Sunday (1970-01-01 was a Thursday).
    @inline(__always)
    public static func weekday(days: Int64) -> Int64 {
        let r = (days &+ 3) % 7
        return (r < 0 ? r &+ 7 : r) &+ 1
    }

    /// The day number of `year-month-day` (the inverse of `date(days:)`).
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year &- 1 : year
        let era = (y >= 0 ? y : y &- 399) / 400
        let yoe = y &- era &* 400
        let mp = month > 2 ? month &- 3 : month &+ 9
        let doy = (153 &* mp &+ 2) / 5 &+ day &- 1
        let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy
        return era &* 146_097 &+ doe &- 719_468
    }
}
