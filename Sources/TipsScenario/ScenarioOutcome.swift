import TipsRuntime
import TipsSource

/// The result of running one scenario.
public struct ScenarioOutcome: Sendable {
    /// The scenario's title.
    public var name: String
    /// True when every step ran and every expectation held.
    public var passed: Bool
    /// Failed expectations and failed steps (pointing into the scenario file, with notes
    /// that may point into the catalog's files).
    public var diagnostics: [Diagnostic]
    /// What happened, for the picture.
    public var timeline: Timeline
    /// The runtime's explanation of every lane (by label) after each step the runner was
    /// asked to explain at (`ScenarioRunner.explainingAfter`), by step number.
    var explanations: [Int: [String: TipExplanation]] = [:]
}
