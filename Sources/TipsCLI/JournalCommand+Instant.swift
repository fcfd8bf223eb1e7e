import TipsTime

/// ISO-8601 instants for `--at` and for printing journal times (the shared `ISO8601`).
///
/// Accepted: `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)` and a bare date `YYYY-MM-DD` (midnight
/// UTC), the forms `date("...")` accepts in `.tips` files. Printed: UTC with a `Z`, and
/// milliseconds only when there are some (`2026-01-01T09:30:00Z`, `...:00.250Z`).
enum ISOInstant {
    /// Milliseconds since the Unix epoch, or nil when `text` is not a valid instant.
    static func parse(_ text: String) -> Int64? { ISO8601.parse(text) }

    /// `ms` as `YYYY-MM-DDTHH:MM:SS[.fff]Z`. Instants outside years 0–9999 print as
    /// `@<ms>ms` (a journal may hold any 64-bit instant; printing must not trap).
    static func format(_ ms: Int64) -> String {
        ISO8601.fourDigitYears.contains(ms) ? ISO8601.format(ms) : "@\(ms)ms"
    }

    /// A duration for people: `8s`, `1m 3s`, `2h 5m`, `3d 4h`, `250ms`.
    static func duration(_ ms: Int64) -> String {
        if ms < 1000 { return "\(ms)ms" }
        let s = ms / 1000
        if s < 60 { return "\(s)s" }
        if s < 3600 { return s % 60 == 0 ? "\(s / 60)m" : "\(s / 60)m \(s % 60)s" }
        if s < 86_400 { return (s / 60) % 60 == 0 ? "\(s / 3600)h" : "\(s / 3600)h \((s / 60) % 60)m" }
        return (s / 3600) % 24 == 0 ? "\(s / 86_400)d" : "\(s / 86_400)d \((s / 3600) % 24)h"
    }
}
