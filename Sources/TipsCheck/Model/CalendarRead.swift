/// A field of the device's local wall clock that a rule reads (`month`, `weekday`,
/// `timeOfDay`; `during(...)` reads `monthDay`), in the device's time zone at `now`.
public enum CalendarRead: String, Sendable, Hashable, CaseIterable {
    /// Int, 1 (January) ... 12 (December); compared with `.january` ... `.december`.
    case month
    /// Int, ISO 8601: 1 (Monday) ... 7 (Sunday); compared with `.monday` ... `.sunday`.
    case weekday
    /// Duration: the wall-clock reading since local midnight (`timeOfDay >= 9h`).
    case timeOfDay
    /// Int, month × 100 + day of month: what `during("Dec 20", "Jan 6")` compares.
    case monthDay

    /// The month names `month` is compared with, January first.
    public static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                    "september", "october", "november", "december"]
    /// The weekday names `weekday` is compared with, Monday first (ISO 8601).
    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The names a rule reads as calendar fields (`monthDay` has none: `during` reads it).
    public static let builtinNames: [String: CalendarRead] = ["month": .month, "weekday": .weekday, "timeOfDay": .timeOfDay]
}

/// An instant of the app's own history a rule reads, nil while unknown (`Date?`).
public enum LifetimeRead: String, Sendable, Hashable, CaseIterable {
    /// When the store's journal began: the first launch with Tips (`now - installed < 7d`).
    case installed
    /// When the app last told the store it was updated (`TipStore.appUpdated(at:)`).
    case appUpdated
}
