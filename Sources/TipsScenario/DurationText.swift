/// Durations as scenario files write them (`1h30m`, `500ms`, `8d`), both ways.
enum DurationText {
    /// Units from larger to smaller, with their length in milliseconds.
    static let units: [(String, Int64)] = [("w", 604_800_000), ("d", 86_400_000), ("h", 3_600_000),
                                          ("m", 60_000), ("s", 1000), ("ms", 1)]

    /// Milliseconds, or nil when `text` is not digits followed by units from larger to
    /// smaller, each at most once (the `.tips` rule), or overflows.
    static func parse(_ text: String) -> Int64? {
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
            while i < c.count, (c[i] >= 97 && c[i] <= 122) { i += 1 }
            let unit = String(decoding: c[unitStart..<i], as: UTF8.self)
            guard let u = units.firstIndex(where: { $0.0 == unit }), u > lastUnit else { return nil }
            lastUnit = u
            let (p, o1) = value.multipliedReportingOverflow(by: units[u].1)
            let (t, o2) = total.addingReportingOverflow(p)
            if o1 || o2 { return nil }
            total = t
        }
        return total
    }

    /// The shortest exact text for `ms` (`1h30m`, `2d`, `0s`); weeks are written as days,
    /// which people read faster.
    static func format(_ ms: Int64, separator: String = "") -> String {
        if ms == 0 { return "0s" }
        var rest = ms.magnitude
        var text = ms < 0 ? "-" : ""
        for (name, length) in units where name != "w" {
            let l = UInt64(length)
            if rest >= l {
                if text.count > (ms < 0 ? 1 : 0) { text += separator }
                text += "\(rest / l)\(name)"
                rest %= l
            }
        }
        return text
    }
}
