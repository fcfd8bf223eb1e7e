import TipsTime

/// The ISO-8601 instants accepted by `date("...")`: `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`,
/// or a bare date `YYYY-MM-DD` (midnight UTC). Seconds are required here, unlike in scenarios.
enum ISODate {
    /// Milliseconds since the Unix epoch, or nil when `text` is not a valid instant.
    static func parse(_ text: String) -> Int64? { ISO8601.parse(text) }
}
