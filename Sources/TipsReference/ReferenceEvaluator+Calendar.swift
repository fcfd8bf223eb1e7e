import Foundation
import TipsCheck

/// Calendar fields through Foundation's Gregorian calendar: the independent answer the VM's
/// integer arithmetic over precomputed zone offsets is held to.
extension ReferenceEvaluator {
    static func calendar(_ field: CalendarRead, at now: Int64, zone: String) -> ReferenceValue {
        let c = components(now, zone: zone)
        switch field {
        case .month: return .int(Int64(c.month ?? 0))
        case .weekday:
            // Foundation counts 1 = Sunday; rules count ISO 8601, 1 = Monday.
            let w = Int64(c.weekday ?? 1)
            return .int(w == 1 ? 7 : w - 1)
        case .timeOfDay:
            let ms = ((now % 1000) + 1000) % 1000
            return .duration(Int64(c.hour ?? 0) * 3_600_000 + Int64(c.minute ?? 0) * 60_000 + Int64(c.second ?? 0) * 1000 + ms)
        case .monthDay: return .int(Int64(c.month ?? 0) * 100 + Int64(c.day ?? 0))
        }
    }

    /// The local date of instant `t` in `zone`, as `year*10000 + month*100 + day`.
    static func localDate(_ t: Int64, zone: String) -> Int64 {
        let c = components(t, zone: zone)
        return Int64(c.year ?? 0) * 10_000 + Int64(c.month ?? 0) * 100 + Int64(c.day ?? 0)
    }

    private static func components(_ t: Int64, zone: String) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!
        // Whole seconds: sub-second parts would round the wall clock up near a boundary.
        let seconds = (t >= 0 ? t / 1000 : (t - 999) / 1000)
        return calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute, .second],
                                       from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
