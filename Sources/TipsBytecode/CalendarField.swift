/// What a `localTime` instruction reads of the local wall clock (its A operand): the
/// device's calendar at `now`, in the device's time zone. Raw values are the encoding;
/// add at the end, never renumber.
public enum CalendarField: UInt8, Sendable, CaseIterable {
    /// Int, 1 (January) ... 12 (December).
    case month = 0
    /// Int, ISO 8601: 1 (Monday) ... 7 (Sunday).
    case weekday = 1
    /// Duration: the wall-clock reading since local midnight (`09:30` is 9h30m), 0 ..< 24h.
    case timeOfDay = 2
    /// Int, month × 100 + day of month (`Dec 24` is 1224): what yearly date ranges compare.
    case monthDay = 3
    /// Int, the local year.
    case year = 4
}

/// What a `lifetime` instruction pushes (its A operand): an instant of the app's own
/// history, nil while unknown. Raw values are the encoding; add at the end.
public enum LifetimeInstant: UInt8, Sendable, CaseIterable {
    /// Date?: when the store's journal began (its header's `created`).
    case installed = 0
    /// Date?: when the app says it was last updated (`TipStore.appUpdated(at:)`).
    case appUpdated = 1
}
