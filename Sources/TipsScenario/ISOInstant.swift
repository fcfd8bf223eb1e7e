import TipsTime

/// The ISO-8601 instants scenarios accept (the shared `ISO8601`, seconds optional):
/// `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`;
/// and the reverse, for messages and the timeline.
enum ISOInstant {
    /// Milliseconds since the Unix epoch, or nil when `text` is not a valid instant.
    static func parse(_ text: String) -> Int64? { ISO8601.parse(text, secondsOptional: true) }

    /// `2026-01-01T09:00:00Z` (milliseconds shown only when not zero); outside the years
    /// 0000–9999 (an instant computed from a huge offset), `<N>ms since 1970`.
    static func format(_ instant: Int64) -> String {
        ISO8601.fourDigitYears.contains(instant) ? ISO8601.format(instant) : "\(instant)ms since 1970"
    }
}
