/// The app-wide cooldown between first displays of different tips.
public enum DisplayFrequency: Sendable, Hashable {
    case immediate
    case hourly
    case daily
    case weekly
    /// 30 days, rolling.
    case monthly
    /// A custom interval in ms (> 0).
    case custom(Int64)

    /// The cooldown in milliseconds; 0 for ``immediate``.
    public var milliseconds: Int64 {
        switch self {
        case .immediate: 0
        case .hourly: 3_600_000
        case .daily: 86_400_000
        case .weekly: 604_800_000
        case .monthly: 2_592_000_000
        case .custom(let ms): ms
        }
    }
}
