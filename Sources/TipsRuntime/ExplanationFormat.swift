import Foundation
import TipsBytecode
import TipsJournal
import TipsVM

/// How explanations write values: as the language does (`7d`, `.pro`, `["a", "b"]`),
/// instants as ISO-8601 UTC.
public enum ExplanationFormat {
    /// `2026-01-08T00:00:00Z` (milliseconds shown only when not zero).
    public static func date(_ ms: Int64) -> String {
        let (days, msOfDay) = floorDivide(ms, 86_400_000)
        let (y, m, d) = civil(fromDays: days)
        let h = msOfDay / 3_600_000, mi = msOfDay / 60_000 % 60, s = msOfDay / 1000 % 60, frac = msOfDay % 1000
        func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var year = String(y)
        if y >= 0 && y < 1000 { year = String(repeating: "0", count: 4 - year.count) + year }
        var out = "\(year)-\(two(m))-\(two(d))T\(two(h)):\(two(mi)):\(two(s))"
        if frac != 0 { out += "." + String(String(frac + 1000).dropFirst()) }
        return out + "Z"
    }

    /// A duration as a literal: `1d4h`, `90s` is `1m30s`, `30d` (days, not weeks, so it
    /// reads like the windows people write), `0ms`; negative with a `-`.
    public static func duration(_ ms: Int64) -> String {
        if ms == 0 { return "0ms" }
        if ms == .min { return "-\(UInt64(bitPattern: ms))ms" }
        var rest = ms.magnitude
        var out = ms < 0 ? "-" : ""
        for (unit, size) in [("d", UInt64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)]
        where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` into ms since the epoch.
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
        var ms = daysFromCivil(y, mo, d) * 86_400_000
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
        default: return value(catalog.journalValue(slot, as: type, in: state))
        }
    }

    /// A journal value as the language writes it.
    static func value(_ v: JournalValue) -> String {
        switch v {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .string(let s): return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .date(let ms): return date(ms)
        case .set(let s): return "[" + s.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .enumCase(let c): return "." + c
        case .null: return "nil"
        }
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian, UTC).
    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    private static func daysFromCivil(_ y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
