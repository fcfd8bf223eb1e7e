import Foundation

extension ManualClock {
    /// A clock reading `start` (rounded to the millisecond; dates beyond what milliseconds
    /// since 1970 fit in an `Int64` are clamped to that range).
    public convenience init(start: Date) {
        self.init(start: ManualClock.milliseconds(start))
    }

    /// The current instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(now()) / 1000) }

    /// Moves time forward to `date` (see `advance(to:)`).
    public func advance(to date: Date) { advance(to: ManualClock.milliseconds(date)) }

    static func milliseconds(_ date: Date) -> Int64 {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        if ms.isNaN { return 0 }
        // Int64.max isn't exactly representable; 2^63 as a Double is the first value past it.
        if ms >= 9_223_372_036_854_775_808.0 { return .max }
        if ms <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(ms)
    }
}
