import TipsBytecode

extension CalendarField {
    /// The field's value at local instant `local` (see `CalendarField`'s cases).
    @inline(__always)
    func value(local: Int64) -> Int64 {
        let days = CivilDate.day(local)
        switch self {
        case .month: return CivilDate.date(days: days).month
        case .weekday: return CivilDate.weekday(days: days)
        case .timeOfDay: return local &- days &* CivilDate.dayMs
        case .monthDay:
            let d = CivilDate.date(days: days)
            return d.month &* 100 &+ d.day
        case .year: return CivilDate.date(days: days).year
        }
    }
}
