/// The named display frequencies (`config { displayFrequency daily }`), spelled as in TipKit
/// and in `.tips`, with their cooldowns: the one list the parser, the checker, `tipc diff`,
/// `tipc disasm` and the language server share.
public enum FrequencyName {
    /// Every named frequency and its cooldown in milliseconds, shortest first. `monthly` is
    /// 30 days, rolling.
    public static let all: [(name: String, milliseconds: Int64)] = [
        ("immediate", 0), ("hourly", 3_600_000), ("daily", 86_400_000), ("weekly", 604_800_000),
        ("monthly", 2_592_000_000),
    ]

    /// The names alone, in the order of `all`: what a message lists as the valid ones.
    public static let names: [String] = all.map(\.name)

    /// The cooldown of a named frequency, or nil when `name` is none.
    public static func milliseconds(named name: String) -> Int64? {
        all.first { $0.name == name }?.milliseconds
    }

    /// A cooldown as people write it: its name when it has one (`daily`), else a duration
    /// (`36h` is `1d12h`).
    public static func text(_ ms: Int64) -> String {
        all.first { $0.milliseconds == ms }?.name ?? DurationText.format(ms)
    }
}
