/// How long a `CatalogUpdater` waits after failed checks before it sends another request:
/// `initial` after the first failure, doubling with each failure in a row, never more
/// than `maximum`, less a random part of up to `jitter` of it (so that many devices that
/// failed together do not all come back in the same second). A check that succeeds (an
/// update, 304, up to date) resets it.
///
/// A 429 or 503 with a `Retry-After` header (seconds, or an HTTP date) waits at least that
/// long, at most `retryAfterLimit` (a header asking for more, or for a date further off, is
/// cut to it); a header that is neither form, or negative, is ignored and the backoff alone
/// applies.
public struct CatalogUpdaterBackoff: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration
    /// The largest fraction of a delay taken off at random, 0...1 (0: exact delays).
    public var jitter: Double
    /// The longest wait a server's `Retry-After` can impose.
    public var retryAfterLimit: Duration

    /// One minute, doubling to at most six hours, up to a fifth off at random; a server may
    /// ask for up to a day.
    public init(initial: Duration = .seconds(60), maximum: Duration = .seconds(6 * 3600), jitter: Double = 0.2,
                retryAfterLimit: Duration = .seconds(24 * 3600)) {
        self.initial = initial
        self.maximum = maximum
        self.jitter = jitter
        self.retryAfterLimit = retryAfterLimit
    }

    /// The delay after `failures` failed checks in a row (at least 1), in milliseconds,
    /// before jitter.
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

    /// `delay(afterFailures:)` less `random` (0..<1, a uniform draw) times `jitter` of it:
    /// between (1 - jitter) times the delay and the delay itself, never above the cap.
    public func delay(afterFailures failures: Int, random: Double) -> Int64 {
        let base = delay(afterFailures: failures)
        let fraction = jitter.isFinite ? min(max(jitter, 0), 1) : 0
        let r = random.isFinite ? min(max(random, 0), 1) : 0
        let off = Double(base) * fraction * r
        return base - min(base, Int64(off.rounded(.down)))
    }

    /// `retryAfterLimit` in milliseconds (never negative).
    var retryAfterLimitMilliseconds: Int64 { max(Self.milliseconds(retryAfterLimit), 0) }

    /// The longest wait there can be: what a remembered next-check time is cut to.
    var longestWaitMilliseconds: Int64 { max(retryAfterLimitMilliseconds, Self.milliseconds(maximum), 0) }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowed) = ms.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowed ? .max : total
    }
}
