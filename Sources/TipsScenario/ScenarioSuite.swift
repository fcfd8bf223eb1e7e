import Foundation
import TipsSource

/// Runs the scenarios of several files, each against its catalog, and gathers one report.
///
/// Diagnostics of different files point into one combined `SourceSet`: each scenario file
/// is added to it, and each catalog's files the first time a scenario uses that catalog, so
/// notes can show the rules of the catalog next to the failing step.
public enum ScenarioSuite {
    /// One scenario file to run.
    public struct Input: Sendable {
        /// The path as reached (printed in diagnostics).
        public var path: String
        public var bytes: [UInt8]
        /// The catalog the file sits in: its directory (as printed) and its files; nil when
        /// no directory from the file's up holds `.tips` files.
        public var catalog: (path: String, sources: SourceSet)?

        public init(path: String, bytes: [UInt8], catalog: (path: String, sources: SourceSet)?) {
            self.path = path
            self.bytes = bytes
            self.catalog = catalog
        }
    }

    /// What a run produced.
    public struct Report: Sendable {
        /// Every scenario file and every catalog file used, for rendering.
        public var sources = SourceSet()
        /// Parse errors, failed steps and expectations, catalog errors; in file order.
        public var diagnostics: [Diagnostic] = []
        /// Scenario files read (with `only`, those holding a scenario of that title).
        public var files = 0
        /// Each scenario run (or not run because it did not parse), in file order.
        public var outcomes: [(path: String, outcome: ScenarioOutcome)] = []

        public var scenarios: Int { outcomes.count }
        public var passed: Int { outcomes.filter(\.outcome.passed).count }
        public var failed: Int { scenarios - passed }
        /// True when nothing failed and no file has an error.
        public var succeeded: Bool { failed == 0 && diagnostics.errorCount == 0 }

        /// `tested N scenarios in F files: P passed, X failed` (words always plural).
        public var line: String {
            "tested \(scenarios) scenarios in \(files) files: \(passed) passed, \(failed) failed"
        }
    }

    /// Runs `inputs` in order; with `only`, just the scenarios with that title.
    /// `compiled` holds catalogs already compiled, by path (a caller running many inputs
    /// against one catalog, like the fuzz target, compiles it once); others are compiled
    /// the first time a scenario uses them.
    public static func run(_ inputs: [Input], only: String? = nil, compiled: [String: CompiledCatalog] = [:]) -> Report {
        var report = Report()
        var catalogs: [String: (compiled: CompiledCatalog, offset: Int32)] = [:]
        // One scratch folder for every scenario's journal: a folder made and removed per
        // scenario cost a tenth of the run.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tips-scenarios-\(UUID().uuidString)",
                                                                                    isDirectory: true)
        let hasScratch = (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil
        defer { if hasScratch { try? FileManager.default.removeItem(at: scratch) } }
        for input in inputs {
            let id = report.sources.add(path: input.path, bytes: input.bytes)
            let file = report.sources[id]
            let parsed = ScenarioParser.parse(file)
            let scenarios = parsed.scenarios.filter { only == nil || $0.name == only }
            // With `only`, files without that scenario are not part of the run at all.
            guard only == nil || !scenarios.isEmpty else { continue }
            report.files += 1
            report.diagnostics += parsed.diagnostics
            guard !scenarios.isEmpty else { continue }
            guard let source = input.catalog else {
                report.diagnostics.append(.error(.noCatalog, "no catalog for this file: no directory from here up holds .tips files",
                                                 at: .point(id, 0)))
                for s in scenarios {
                    report.outcomes.append((input.path, ScenarioOutcome(name: s.name, passed: false, diagnostics: [],
                                                                        timeline: emptyTimeline(s))))
                }
                continue
            }
            if catalogs[source.path] == nil {
                let offset = Int32(report.sources.files.count)
                for f in source.sources.files { report.sources.add(path: f.path, bytes: f.bytes) }
                let catalog = compiled[source.path] ?? CompiledCatalog(path: source.path, sources: source.sources)
                catalogs[source.path] = (catalog, offset)
                report.diagnostics += catalog.errors.map { $0.movingFiles(by: offset) }
            }
            guard let (compiled, offset) = catalogs[source.path] else { continue }
            var runner = ScenarioRunner(catalog: compiled, catalogFileOffset: offset, scenarioFile: file)
            if hasScratch { runner.scratchDirectory = scratch }
            for s in scenarios {
                var outcome = runner.run(s)
                outcome.diagnostics = outcome.diagnostics.map { d in
                    var d = d
                    d.notes.append(Note("in scenario '\(s.name)'"))
                    return d
                }
                report.diagnostics += outcome.diagnostics
                report.outcomes.append((input.path, outcome))
            }
        }
        return report
    }

    static func emptyTimeline(_ s: Scenario) -> Timeline {
        Timeline(title: s.name, start: s.start, end: s.start, last: Timeline.Moment(at: s.start, step: 0),
                 lanes: [], groups: [], marks: [])
    }
}
