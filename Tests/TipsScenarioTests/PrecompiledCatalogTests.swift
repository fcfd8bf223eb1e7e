import Testing
import TipsSource
@testable import TipsScenario

/// `ScenarioSuite.run(_:compiled:)`: a catalog compiled by the caller is used as given, and
/// gives the report a catalog compiled by the run gives.
struct PrecompiledCatalogTests {
    @Test(arguments: ["notes-app", "shop-app"])
    func sameReportAsCompilingInTheRun(_ name: String) throws {
        for catalog in try DefinitionsScenarioTests.catalogs() where catalog.name == name {
            let path = "Definitions/\(name)"
            let compiled = [path: CompiledCatalog(path: path, sources: catalog.sources)]
            let fresh = ScenarioSuite.run(catalog.scenarios)
            let reused = ScenarioSuite.run(catalog.scenarios, compiled: compiled)
            #expect(reused.diagnostics == fresh.diagnostics)
            #expect(reused.outcomes.map(\.outcome.passed) == fresh.outcomes.map(\.outcome.passed))
            #expect(reused.outcomes.map(\.outcome.timeline.lanes.count) == fresh.outcomes.map(\.outcome.timeline.lanes.count))
            #expect(reused.scenarios > 0 && reused.failed == 0)
        }
    }

    /// The run takes the given catalog rather than compiling the inputs' own: one with an
    /// error, given under the same path, makes every scenario fail with that error.
    @Test func theGivenCatalogIsTheOneUsed() throws {
        let notes = try #require(try DefinitionsScenarioTests.catalogs().first { $0.name == "notes-app" })
        var broken = SourceSet()
        broken.add(path: "Definitions/notes-app/broken.tips", bytes: Array("tip A { title \"A\" rule nope }\n".utf8))
        let compiled = ["Definitions/notes-app": CompiledCatalog(path: "Definitions/notes-app", sources: broken)]
        let report = ScenarioSuite.run(notes.scenarios, compiled: compiled)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.code.hasPrefix("E") })
        #expect(report.passed == 0)
    }
}
