import TipsTime

extension CatalogSchema {
    /// Milliseconds as the language writes durations: `7d`, `1h30m`, `45s`, `250ms`
    /// (`DurationText`, the package's one rule).
    public static func duration(_ ms: Int64) -> String { DurationText.format(ms) }

    /// A display frequency: its keyword when it is one, else a duration (`FrequencyName`).
    public static func frequency(_ ms: Int64) -> String { FrequencyName.text(ms) }
}
