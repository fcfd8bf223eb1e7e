import Foundation
import TipsRuntime
import TipsSource
import TipsTime

/// A scenario run one step at a time, as the steps arrive: the engine of `tipc playground`.
///
/// Each step goes through the runner's own code (`ScenarioRun`, the parser of scenario
/// lines, the simulated clock that stops at every wake-up), so the lines a session kept,
/// written under a `scenario` line, are a scenario `tipc test` replays to the same
/// statuses. A step the parser or the store refuses, or an expectation that does not
/// hold, is reported and not kept.
///
/// Not thread-safe: one caller at a time (the playground serializes its requests).
public final class ScenarioSession {
    /// What one step did.
    public struct StepResult: Sendable {
        /// True when the step ran without an error and was kept in ``lines``.
        public var accepted: Bool
        /// Its problems (and `explain`'s note), pointing into ``file``.
        public var diagnostics: [Diagnostic]
        /// The step's line as a file of its own, for rendering the diagnostics.
        public var file: SourceFile
    }

    /// A store that could not be opened.
    public struct OpenFailure: Error, Sendable {
        public var message: String
    }

    /// The catalog the session runs.
    public let catalog: CompiledCatalog
    /// The instant the clock started at.
    public let start: Int64
    /// The steps kept, in order, as written.
    public private(set) var lines: [String] = []
    private var run: ScenarioRun

    /// Opens a store for `catalog` on the journal file `journal` (scratch: written, never
    /// fsynced; a `relaunch` replays it), the clock at `start`, on iOS.
    public init(catalog: CompiledCatalog, start: Int64 = Scenario.defaultStart, journal: URL) throws(OpenFailure) {
        guard let bundle = catalog.bundle else {
            throw OpenFailure(message: "catalog '\(catalog.path)' has errors; run 'tipc check \(catalog.path)'")
        }
        self.catalog = catalog
        self.start = start
        let scenario = Scenario(name: "session", range: .point(FileID(0), 0), start: start)
        let runner = ScenarioRunner(catalog: catalog, catalogFileOffset: 0, scenarioFile: nil)
        run = ScenarioRun(runner: runner, scenario: scenario, bundle: bundle, journal: journal)
        do throws(StepFailure) {
            try run.open()
            run.sample()
        } catch {
            throw OpenFailure(message: error.diagnostic.message)
        }
    }

    deinit { close() }

    /// Runs `line`, one step in the syntax of Docs/testing.md (not a `scenario` line).
    public func perform(_ line: String) -> StepResult {
        let file = SourceFile(id: FileID(0), path: "<step>", text: line)
        guard file.lineStarts.count == 1 else {
            let d = Diagnostic.error(.malformedStep, "one step at a time: the text holds a line break", at: .point(file.id, 0))
            return StepResult(accepted: false, diagnostics: [d], file: file)
        }
        let step: ScenarioStep
        switch ScenarioLexer(bytes: file.bytes, file: file.id).tokens(from: 0, to: file.bytes.count) {
        case .failure(let f):
            return StepResult(accepted: false, diagnostics: [f.diagnostic], file: file)
        case .success(let tokens):
            guard let first = tokens.first else {
                let d = Diagnostic.error(.malformedStep, "expected a step, found the end of the line", at: .point(file.id, 0))
                return StepResult(accepted: false, diagnostics: [d], file: file)
            }
            guard first.word != "scenario" else {
                let d = Diagnostic.error(.malformedStep, "a session is one scenario: 'scenario' cannot start a step", at: first.range)
                return StepResult(accepted: false, diagnostics: [d], file: file)
            }
            var parser = LineParser(tokens: tokens, file: file)
            do throws(ScenarioFailure) {
                step = try parser.step()
            } catch {
                return StepResult(accepted: false, diagnostics: [error.diagnostic], file: file)
            }
        }
        run.runner.scenarioFile = file
        let before = run.diagnostics.count
        var diagnostics: [Diagnostic] = []
        do throws(StepFailure) {
            try run.run(step, number: lines.count + 1)
        } catch {
            diagnostics.append(error.diagnostic)
        }
        diagnostics = Array(run.diagnostics[before...]) + diagnostics
        run.diagnostics.removeSubrange(before...)
        // What the next step would see first: the wake-ups due at this instant.
        run.clock.fireDue { run.sample(full: false) }
        let accepted = diagnostics.errorCount == 0
        if accepted { lines.append(line) }
        return StepResult(accepted: accepted, diagnostics: diagnostics, file: file)
    }

    /// The open store (nil only after ``close()``).
    public var store: TipStore? { run.store }
    /// The simulated clock's reading.
    public var now: Int64 { run.now }
    /// The platform `when platform` conditions are judged for.
    public var platform: TipPlatform { run.platform }
    /// The tips watched: every plain tip, then reusable instances as steps addressed them.
    public var tips: [TipKey] { run.lanes.map(\.tip) }
    /// The scenario file these lines make, with `title` (the start written as an `at`
    /// step when it is not the default), and `expectations[i]` after step `i` (0: before
    /// the first).
    public func scenarioText(title: String, expectations: [Int: [String]] = [:]) -> String {
        var out = "scenario \(ScenarioText.quoted(title))\n"
        if start != Scenario.defaultStart { out += "at \(ISO8601.format(start))\n" }
        for line in expectations[0] ?? [] { out += line + "\n" }
        for (i, line) in lines.enumerated() {
            out += line + "\n"
            for e in expectations[i + 1] ?? [] { out += e + "\n" }
        }
        return out
    }

    /// Closes the store, as an app that is killed (a presentation left open earns nothing).
    public func close() {
        try? run.store?.close(endingPresentations: false)
        run.store = nil
    }
}
