import Foundation
import Testing
import TipsCheck
import TipsSource
@testable import TipsScenario

/// Every scenario shipped beside the catalogs in Definitions/ passes, and together they
/// cover every tip: each reaches `available`, and each display limit is reached.
struct DefinitionsScenarioTests {
    /// Each catalog directory with its `.tips` sources and its scenario files.
    static func catalogs() throws -> [(name: String, sources: SourceSet, scenarios: [ScenarioSuite.Input])] {
        let root = repositoryRoot().appendingPathComponent("Definitions")
        let fm = FileManager.default
        var out: [(String, SourceSet, [ScenarioSuite.Input])] = []
        for name in try fm.contentsOfDirectory(atPath: root.path).sorted() where !name.hasPrefix(".") {
            let dir = root.appendingPathComponent(name)
            let files = try fm.contentsOfDirectory(atPath: dir.path).sorted()
            var sources = SourceSet()
            for f in files where f.hasSuffix(".tips") {
                sources.add(path: "Definitions/\(name)/\(f)", bytes: [UInt8](try Data(contentsOf: dir.appendingPathComponent(f))))
            }
            let catalog = (path: "Definitions/\(name)", sources: sources)
            let inputs = try files.filter { $0.hasSuffix(".scenario") }.map { f in
                ScenarioSuite.Input(path: "Definitions/\(name)/\(f)",
                                    bytes: [UInt8](try Data(contentsOf: dir.appendingPathComponent(f))), catalog: catalog)
            }
            out.append((name, sources, inputs))
        }
        return out
    }

    @Test func everyCatalogIsTested() throws {
        #expect(try Self.catalogs().map(\.name) == ["fitness-app", "notes-app", "photo-app", "recipe-app", "shop-app"])
    }

    /// One catalog per test case, so the catalogs run in parallel.
    @Test(arguments: ["fitness-app", "notes-app", "photo-app", "recipe-app", "shop-app"])
    func scenariosPassAndCoverEveryTip(_ name: String) throws {
        for catalog in try Self.catalogs() where catalog.name == name {
            #expect(!catalog.scenarios.isEmpty, "\(catalog.name) has no scenarios")
            let report = ScenarioSuite.run(catalog.scenarios)
            #expect(report.diagnostics.isEmpty, "\(DiagnosticRenderer.text(report.diagnostics, sources: report.sources))")
            #expect(report.failed == 0)
            let model = Checker.check(catalog.sources).model
            let lanes = report.outcomes.flatMap(\.outcome.timeline.lanes)
            for tip in model.tips {
                // A reusable tip's lanes are its instances.
                let mine = lanes.filter { $0.tip == tip.name }
                let states = Set(mine.flatMap(\.spans).map(\.state))
                #expect(states.contains(.available), "\(catalog.name): \(tip.name) never becomes available")
                #expect(states.contains(.displayed) || tip.options.maxDisplayCount == nil,
                        "\(catalog.name): \(tip.name) is never displayed")
                if tip.options.maxDisplayCount != nil {
                    #expect(states.contains(.invalidated(.displayCountExceeded)),
                            "\(catalog.name): \(tip.name) never reaches its maxDisplayCount")
                }
                if tip.options.maxDisplayDuration != nil {
                    #expect(states.contains(.invalidated(.displayDurationExceeded)),
                            "\(catalog.name): \(tip.name) never reaches its maxDisplayDuration")
                }
                if !tip.invalidations.isEmpty {
                    #expect(states.contains { if case .invalidated(let r) = $0 { return r == .actionPerformed || r == .tipClosed } else { return false } },
                            "\(catalog.name): \(tip.name) is never invalidated by an event")
                }
            }
        }
    }
}

/// Partial samples (taken after steps that cannot invalidate a tip off screen, and at clock
/// wake-ups) draw the same timelines as asking the store about every tip every time.
/// Every Definitions scenario matched when partial samples were introduced; the writing
/// scenarios of notes-app (groups, cooldown, overrides, relaunches, instances, duration
/// limits) stay here, the others would only add time.
struct PartialSamplingTests {
    @Test func partialSamplesMatchFullSamples() throws {
        for catalog in try DefinitionsScenarioTests.catalogs() where catalog.name == "notes-app" {
            let compiled = CompiledCatalog(path: catalog.name, sources: catalog.sources)
            for input in catalog.scenarios where input.path.hasSuffix("/writing.scenario") {
                var set = SourceSet()
                let id = set.add(path: input.path, bytes: input.bytes)
                let file = set[id]
                var runner = ScenarioRunner(catalog: compiled, catalogFileOffset: 1, scenarioFile: file)
                for scenario in ScenarioParser.parse(file).scenarios {
                    runner.alwaysFullSamples = false
                    let partial = runner.run(scenario).timeline
                    runner.alwaysFullSamples = true
                    let full = runner.run(scenario).timeline
                    #expect(partial == full, "\(input.path): \(scenario.name)")
                }
            }
        }
    }
}
