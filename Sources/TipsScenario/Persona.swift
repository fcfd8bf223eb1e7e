import TipsSource

/// A persona: how one imagined user uses the app, day by day (format: Docs/forecast.md).
/// `Forecast` compiles it to a scenario and runs it through the catalog.
public struct Persona: Sendable, Hashable {
    /// When an activity happens.
    public enum When: Sendable, Hashable {
        /// `once STEP`: before the first day's activities, at the start.
        case once
        /// `daily HH:MM STEP`: every day at that minute of the day.
        case daily(minute: Int)
        /// `day N HH:MM STEP`: on day N (1 is the first) only.
        case day(Int, minute: Int)
    }

    /// One activity line: when, and the scenario step it performs (as written).
    public struct Activity: Sendable, Hashable {
        public var when: When
        /// The step's text, copied into the scenario verbatim.
        public var step: String
        /// The step's range in the persona file.
        public var range: SourceRange
    }

    /// The title in `persona "..."`.
    public var name: String
    /// How many days the forecast covers (`days N`, default 14).
    public var days: Int
    /// Midnight (UTC) of the first day (`start YYYY-MM-DD`, default 2026-01-01).
    public var start: Int64
    public var activities: [Activity]

    /// 2026-01-01T00:00:00Z, the day `Scenario.defaultStart` falls on.
    public static let defaultStart: Int64 = 1_767_225_600_000
    /// The most days a forecast runs.
    public static let maxDays = 366
}

/// A parsed persona file: the persona (nil when no line parsed at all) and the problems found.
public struct PersonaFile: Sendable {
    public var persona: Persona?
    public var diagnostics: [Diagnostic]
}
