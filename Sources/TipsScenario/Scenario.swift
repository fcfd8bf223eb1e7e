import TipsSource

/// One scenario: a title, an optional start instant and a timeline of steps. Each scenario
/// runs on a fresh store.
public struct Scenario: Sendable, Hashable {
    /// The title in `scenario "..."`.
    public var name: String
    /// The `scenario "..."` line.
    public var range: SourceRange
    /// The instant the clock starts at (`at ...` before the first step), else the default.
    public var start: Int64
    public var steps: [ScenarioStep]
    /// True when a line of this scenario did not parse: it is reported failed, not run.
    public var hasErrors: Bool

    /// The default start: 2026-01-01T09:00:00Z, a Thursday morning.
    public static let defaultStart: Int64 = 1_767_258_000_000

    public init(name: String, range: SourceRange, start: Int64 = Scenario.defaultStart,
                steps: [ScenarioStep] = [], hasErrors: Bool = false) {
        self.name = name
        self.range = range
        self.start = start
        self.steps = steps
        self.hasErrors = hasErrors
    }
}

/// A parsed scenario file: its scenarios and the problems found reading it.
public struct ScenarioFile: Sendable {
    public var scenarios: [Scenario]
    public var diagnostics: [Diagnostic]
}
