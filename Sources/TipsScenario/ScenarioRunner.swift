import Foundation
import TipsRuntime
import TipsSource

/// Runs scenarios against a compiled catalog: a fresh `TipStore` on a temporary journal and
/// a simulated clock per scenario; steps in order; every expectation checked.
///
/// Diagnostics point into the scenario file (its ranges as parsed). Notes about rules point
/// into the catalog's files, whose file ids are moved by `catalogFileOffset` so both can be
/// rendered from one `SourceSet` (scenario file first, then the catalog's files).
public struct ScenarioRunner: Sendable {
    public var catalog: CompiledCatalog
    /// Added to the file ids of the catalog's ranges in notes.
    public var catalogFileOffset: Int32
    /// The scenario file, for the text of values in timeline marks.
    public var scenarioFile: SourceFile?
    /// Ask the store about every tip at every sample (slow): for the differential test of
    /// the partial samples taken after steps that cannot invalidate a tip off screen.
    var alwaysFullSamples = false
    /// Steps (1-based) after which every lane's explanation is kept in the outcome
    /// (`ScenarioOutcome.explanations`): the forecast's day ends, to say why tips wait.
    var explainingAfter: Set<Int> = []
    /// A folder for the scenarios' journals, one file each, removed after the scenario
    /// (`ScenarioSuite` makes one per run); nil: a folder of its own per scenario.
    public var scratchDirectory: URL?

    public init(catalog: CompiledCatalog, catalogFileOffset: Int32, scenarioFile: SourceFile?) {
        self.catalog = catalog
        self.catalogFileOffset = catalogFileOffset
        self.scenarioFile = scenarioFile
    }

    /// Runs `scenario`. A scenario whose lines did not parse is not run and fails.
    public func run(_ scenario: Scenario) -> ScenarioOutcome {
        let empty = Timeline(title: scenario.name, start: scenario.start, end: scenario.start,
                             last: Timeline.Moment(at: scenario.start, step: 0), lanes: [], groups: [], marks: [])
        if scenario.hasErrors { return ScenarioOutcome(name: scenario.name, passed: false, diagnostics: [], timeline: empty) }
        guard let bundle = catalog.bundle else {
            let d = Diagnostic.error(.catalogHasErrors, "catalog '\(catalog.path)' has errors; run 'tipc check \(catalog.path)'",
                                     at: scenario.range)
            return ScenarioOutcome(name: scenario.name, passed: false, diagnostics: [d], timeline: empty)
        }
        let journal: URL
        if let scratchDirectory {
            journal = scratchDirectory.appendingPathComponent("\(UUID().uuidString).jsonl")
        } else {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("tips-scenario-\(UUID().uuidString)", isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                let d = Diagnostic.error(.storeFailure, "cannot create a temporary journal: \(error.localizedDescription)", at: scenario.range)
                return ScenarioOutcome(name: scenario.name, passed: false, diagnostics: [d], timeline: empty)
            }
            journal = directory.appendingPathComponent("journal.jsonl")
        }
        defer {
            if scratchDirectory == nil {
                try? FileManager.default.removeItem(at: journal.deletingLastPathComponent())
            } else {
                // The journal and what the journal keeps beside it.
                for suffix in ["", ".lock", ".corrupt"] { try? FileManager.default.removeItem(atPath: journal.path + suffix) }
            }
        }
        var run = ScenarioRun(runner: self, scenario: scenario, bundle: bundle, journal: journal)
        return run.execute()
    }
}
