import TipsBytecode
import TipsVM

/// The local calendar in explanations: `March`, `Saturday`, `09:12`, `Mar 14`, and an
/// instant on the local wall clock, `Saturday 14 March 2026 10:00 (Europe/Berlin)`. English,
/// as the rest of an explanation; computed with the VM's integer calendar, so it shows
/// exactly what rules saw.
enum LocalTimeText {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                         "October", "November", "December"]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The value `v` of calendar field `field` in words.
    static func field(_ field: CalendarField, _ v: Int64) -> String {
        switch field {
        case .month: return (1...12).contains(v) ? months[Int(v - 1)] : String(v)
        case .weekday: return (1...7).contains(v) ? weekdays[Int(v - 1)] : String(v)
        case .timeOfDay: return clock(v)
        case .monthDay:
            let m = v / 100
            return (1...12).contains(m) ? "\(months[Int(m - 1)].prefix(3)) \(v % 100)" : String(v)
        case .year: return String(v)
        }
    }

    /// `09:05`, or `09:05:30` when the seconds are not zero.
    static func clock(_ ms: Int64) -> String {
        let s = ms / 1000
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let hm = "\(two(s / 3600)):\(two(s / 60 % 60))"
        return s % 60 == 0 ? hm : hm + ":\(two(s % 60))"
    }

    /// Instant `t` on `zone`'s wall clock: `Saturday 14 March 2026 10:00 (Europe/Berlin)`.
    static func instant(_ t: Int64, in zone: LocalZone) -> String {
        let local = t &+ zone.offset(at: t)
        let days = CivilDate.day(local)
        let d = CivilDate.date(days: days)
        let weekday = weekdays[Int(CivilDate.weekday(days: days) - 1)]
        return "\(weekday) \(d.day) \(months[Int(d.month - 1)]) \(d.year) \(clock(local - days * CivilDate.dayMs)) (\(zone.identifier))"
    }
}
