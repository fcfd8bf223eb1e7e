/// How long a `CatalogUpdater` waits after failed checks before it sends another request:
/// `initial` after the first failure, doubling with each failure in a row, never more
/// than `maximum`. A check that succeeds (an update, 304, up to date) resets it.
public struct CatalogUpdaterBackoff: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration

    /// One minute, doubling to at most six hours.
    public init(initial: Duration = .seconds(60), maximum: Duration = .seconds(6 * 3600)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay after `failures` failed checks in a row (at least 1), in milliseconds.
    public func delay(afterFailures failures: Int) -> Int64 {
        let initial = Self.milliseconds(initial), maximum = max(Self.milliseconds(maximum), 0)
        guard failures >= 1, initial > 0 else { return 0 }
        var delay = initial
        // Doubling stops at the cap, so it never overflows whatever the count.
        for _ in 1..<min(failures, 64) {
            if delay >= maximum { break }
            delay = delay > Int64.max / 2 ? Int64.max : delay * 2
        }
        return min(delay, maximum)
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowed) = ms.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowed ? .max : total
    }
}
