/// Durations as `.tips` files write them (`1h30m`, `500ms`, `8d`), both ways: the one
/// duration text of the package, used by lints, `tipc diff`, `tipc disasm`, the
/// formatter, explanations, scenarios and their timelines.
///
/// The rule (Docs/language.md, "Types"): exact, largest unit first, each unit at most
/// once, zero units left out, in the units `d`, `h`, `m`, `s` and `ms`. Weeks are written
/// as days (`7d`, `14d`): people compare windows by days, and `30d` next to `1w2d` reads
/// worse than `30d` next to `9d`. A negative duration has a leading `-`. Callers choose only
/// the separator between units and how zero is spelled.
public enum DurationText {
    /// The units `parse` accepts, larger to smaller, with their length in milliseconds.
    public static let units: [(name: String, milliseconds: Int64)] = [
        ("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ]

    /// Milliseconds, or nil when `text` is not digits (`_` allowed between them) followed
    /// by units from larger to smaller, each at most once (the `.tips` rule), or overflows.
    public static func parse(_ text: String) -> Int64? {
        let c = Array(text.utf8)
        var i = 0
        var total: Int64 = 0
        var lastUnit = -1
        guard !c.isEmpty else { return nil }
        while i < c.count {
            var value: Int64 = 0
            let digitsStart = i
            while i < c.count, (c[i] >= 48 && c[i] <= 57) || c[i] == UInt8(ascii: "_") {
                if c[i] != UInt8(ascii: "_") {
                    let (m, o1) = value.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(Int64(c[i] - 48))
                    if o1 || o2 { return nil }
                    value = a
                }
                i += 1
            }
            guard i > digitsStart else { return nil }
            let unitStart = i
            while i < c.count, c[i] >= 97 && c[i] <= 122 { i += 1 }
            let unit = String(decoding: c[unitStart..<i], as: UTF8.self)
            guard let u = units.firstIndex(where: { $0.name == unit }), u > lastUnit else { return nil }
            lastUnit = u
            let (p, o1) = value.multipliedReportingOverflow(by: units[u].milliseconds)
            let (t, o2) = total.addingReportingOverflow(p)
            if o1 || o2 { return nil }
            total = t
        }
        return total
    }

    /// `ms` by the rule above: `1h30m`, `7d`, `1s500ms`, `-1m30s`; with `separator: " "`,
    /// `1h 30m`. Zero is `zero` (`0s` unless the caller spells it otherwise). Any 64-bit
    /// value, `Int64.min` included, prints without trapping.
    public static func format(_ ms: Int64, separator: String = "", zero: String = "0s") -> String {
        if ms == 0 { return zero }
        return (ms < 0 ? "-" : "") + components(ms.magnitude).joined(separator: separator)
    }

    /// The units of a duration of `magnitude` milliseconds, largest first, zero units left
    /// out: `5_400_000` → `["1h", "30m"]`; empty for zero.
    public static func components(_ magnitude: UInt64) -> [String] {
        var rest = magnitude
        var parts: [String] = []
        for (name, length) in units.dropFirst() where rest >= UInt64(length) {
            parts.append("\(rest / UInt64(length))\(name)")
            rest %= UInt64(length)
        }
        return parts
    }
}
