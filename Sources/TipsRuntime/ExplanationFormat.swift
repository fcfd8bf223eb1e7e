import Foundation
import TipsBytecode
import TipsJournal
import TipsTime
import TipsVM

/// How explanations write values: as the language does (`7d`, `.pro`, `["a", "b"]`),
/// instants as ISO-8601 UTC.
public enum ExplanationFormat {
    /// `2026-01-08T00:00:00Z` (milliseconds shown only when not zero).
    public static func date(_ ms: Int64) -> String { ISO8601.format(ms) }

    /// A duration as a literal: `1d4h`, `90s` is `1m30s`, `30d` (days, not weeks, so it
    /// reads like the windows people write), `0ms`; negative with a `-`.
    public static func duration(_ ms: Int64) -> String { DurationText.format(ms, zero: "0ms") }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` into ms since the epoch.
    // Deliberately more lenient than `ISO8601.parse` (lower-case `t`/`z`, any number of
    // fraction digits, days 1–31 in every month): `tipc explain --at` has always accepted
    // these, and this is public API, so it keeps its own grammar over the shared calendar.
    public static func parseDate(_ text: String) -> Int64? {
        let b = Array(text.utf8)
        func num(_ at: Int, _ n: Int) -> Int64? {
            guard at + n <= b.count else { return nil }
            var v: Int64 = 0
            for i in at..<(at + n) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                v = v * 10 + Int64(b[i] - 48)
            }
            return v
        }
        guard let y = num(0, 4), b.count >= 10, b[4] == 45, let mo = num(5, 2), b[7] == 45, let d = num(8, 2),
              (1...12).contains(mo), (1...31).contains(d) else { return nil }
        var ms = ISO8601.days(year: y, month: mo, day: d) * 86_400_000
        if b.count == 10 { return ms }
        guard b.count >= 16, b[10] == 84 || b[10] == 116, let h = num(11, 2), b[13] == 58, let mi = num(14, 2),
              h < 24, mi < 60 else { return nil }
        ms += h * 3_600_000 + mi * 60_000
        var i = 16
        if i < b.count, b[i] == 58 {
            guard let s = num(i + 1, 2), s < 60 else { return nil }
            ms += s * 1000
            i += 3
            if i < b.count, b[i] == 46 {
                var digits = 0
                var frac: Int64 = 0
                i += 1
                while i < b.count, b[i] >= 48, b[i] <= 57 {
                    if digits < 3 { frac = frac * 10 + Int64(b[i] - 48) }
                    digits += 1
                    i += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 3) { frac *= 10 }
                ms += frac
            }
        }
        guard i < b.count else { return nil }
        if b[i] == 90 || b[i] == 122 { return i + 1 == b.count ? ms : nil }
        guard b[i] == 43 || b[i] == 45, i + 6 == b.count, let oh = num(i + 1, 2), b[i + 3] == 58,
              let om = num(i + 4, 2) else { return nil }
        let offset = oh * 3_600_000 + om * 60_000
        return b[i] == 43 ? ms - offset : ms + offset
    }

    /// A program result of `type` as the language writes it.
    static func value(_ slot: Slot, _ type: ValueType, catalog: Catalog, state: RuleState) -> String {
        if slot.isNil { return "nil" }
        switch type.kind {
        case .date: return date(slot.intValue)
        case .duration: return duration(slot.intValue)
        // The journal form stores a non-finite double as 0; an explanation shows the value
        // the rule really compared (`huge * 10.0 = inf`).
        case .double: return double(slot.doubleValue)
        default: return value(catalog.journalValue(slot, as: type, in: state))
        }
    }

    /// A double as Swift prints it, with `inf`, `-inf` and `nan` for the non-finite values.
    static func double(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        return "\(d)"
    }

    /// A journal value as the language writes it.
    static func value(_ v: JournalValue) -> String {
        switch v {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return double(d)
        case .string(let s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .date(let ms): return date(ms)
        case .set(let s): return "[" + s.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .enumCase(let c): return "." + c
        case .null: return "nil"
        }
    }
}
