import Foundation
import TipsVM

/// What rules read of the local calendar, kept by the engine and copied into every rule
/// state it makes: the device's time zone as a `LocalZone` table (built from Foundation's
/// `TimeZone` for a span around `now`, and again when `now` nears either end or the zone
/// changes), the install instant and the app's last update.
///
/// Building the table is the only Foundation calendar work: once per zone and span, never
/// per evaluation, so the VM reads offsets from plain arrays.
struct LocalClock: Sendable {
    /// The device's time zone (``TipStore/setTimeZone(_:)``).
    var timeZone: TimeZone
    /// `timeZone`'s offsets over `span`.
    private(set) var zone: LocalZone
    /// The instants the table covers.
    private(set) var span: ClosedRange<Int64>
    /// When the store's journal began (its header's `created`); an in-memory store's open.
    var installedAt: Int64?
    /// What the app told ``TipStore/appUpdated(at:)``, nil until it does.
    var appUpdatedAt: Int64?

    /// Years of offsets kept before and after `now`: donations older than that are counted
    /// with the oldest offset known (their day may be off by the offset difference).
    static let yearsBack: Int64 = 6
    static let yearsAhead: Int64 = 3
    static let yearMs: Int64 = 366 * 86_400_000

    init(timeZone: TimeZone, now: Int64) {
        self.timeZone = timeZone
        let span = LocalClock.span(around: now)
        self.span = span
        self.zone = LocalZone(timeZone, covering: span)
    }

    private static func span(around now: Int64) -> ClosedRange<Int64> {
        let lo = now.subtractingReportingOverflow(yearsBack * yearMs)
        let hi = now.addingReportingOverflow(yearsAhead * yearMs)
        return (lo.overflow ? .min : lo.partialValue)...(hi.overflow ? .max : hi.partialValue)
    }

    /// Rebuilds the table when `now` is within a year of either end of its span.
    mutating func cover(_ now: Int64) {
        let margin = LocalClock.yearMs
        if now.subtractingReportingOverflow(margin).partialValue >= span.lowerBound,
           now.addingReportingOverflow(margin).partialValue <= span.upperBound { return }
        span = LocalClock.span(around: now)
        zone = LocalZone(timeZone, covering: span)
    }

    /// Sets another zone (travel, a test), rebuilding the table around `now`.
    mutating func setTimeZone(_ tz: TimeZone, now: Int64) {
        timeZone = tz
        span = LocalClock.span(around: now)
        zone = LocalZone(tz, covering: span)
    }

    /// Copies what rules read into `rules`.
    func apply(to rules: inout RuleState) {
        rules.zone = zone
        rules.installedAt = installedAt
        rules.appUpdatedAt = appUpdatedAt
    }
}

extension LocalZone {
    /// `timeZone`'s offsets over `span`, from Foundation's daylight-saving transitions
    /// (at most 1,000; a zone without any gives one fixed offset).
    public init(_ timeZone: TimeZone, covering span: ClosedRange<Int64>) {
        func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(ms) / 1000) }
        func ms(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded()) }
        // Foundation's dates are Doubles of seconds: clamp far instants to ±10,000 years.
        let limit: Int64 = 315_537_897_600_000
        let lo = max(span.lowerBound, -limit), hi = min(span.upperBound, limit)
        var transitions: [Int64] = []
        var offsets: [Int64] = [Int64(timeZone.secondsFromGMT(for: date(lo))) * 1000]
        var at = date(lo)
        while transitions.count < 1000, let next = timeZone.nextDaylightSavingTimeTransition(after: at), ms(next) <= hi {
            let t = ms(next)
            let offset = Int64(timeZone.secondsFromGMT(for: next)) * 1000
            if offset != offsets.last, transitions.last.map({ t > $0 }) ?? true {
                transitions.append(t)
                offsets.append(offset)
            }
            at = next
        }
        self = LocalZone(identifier: timeZone.identifier, transitions: transitions, offsets: offsets)
            ?? .fixed(identifier: timeZone.identifier, offset: offsets[0])
    }
}
