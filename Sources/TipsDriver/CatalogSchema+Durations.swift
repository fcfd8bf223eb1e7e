extension CatalogSchema {
    /// Milliseconds as the language writes durations: `7d`, `1h30m`, `45s`, `250ms`.
    public static func duration(_ ms: Int64) -> String {
        if ms == 0 { return "0s" }
        if ms < 0 { return "-" + duration(ms == Int64.min ? Int64.max : -ms) }
        var rest = ms
        var out = ""
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] {
            if rest >= size {
                out += "\(rest / size)\(unit)"
                rest %= size
            }
        }
        return out
    }

    /// A display frequency: its keyword when it is one, else a duration.
    public static func frequency(_ ms: Int64) -> String {
        switch ms {
        case 0: return "immediate"
        case 3_600_000: return "hourly"
        case 86_400_000: return "daily"
        case 604_800_000: return "weekly"
        case 2_592_000_000: return "monthly"
        default: return duration(ms)
        }
    }
}
