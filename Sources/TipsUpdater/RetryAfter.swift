import Foundation
import TipsTime

/// A `Retry-After` header's wait (RFC 9110 section 10.2.3): delay-seconds (digits only) or
/// an HTTP date, as milliseconds from `now`, cut to `limit`. Nil for anything else (a sign,
/// a fraction, words): such a header is ignored.
enum RetryAfter {
    static func milliseconds(_ header: String, now: Int64, limit: Int64) -> Int64? {
        let value = header.trimmingCharacters(in: .whitespaces)
        if !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // Any number of digits: a count that does not fit is simply more than the limit.
            guard let seconds = Int64(value) else { return limit }
            let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            return overflow ? limit : min(ms, limit)
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let (wait, overflow) = date.subtractingReportingOverflow(now)
        if overflow { return date > now ? limit : 0 }
        // A date in the past asks for no wait.
        return min(max(wait, 0), limit)
    }
}
