// libFuzzer target for scenario files (`tipc test`): arbitrary bytes as a .scenario file,
// parsed and run against a fixed catalog (scripts/fuzz-scenario.sh builds and runs it).
//
// The catalog is the notes app of Definitions (the script points TIPS_FUZZ_CATALOG at it),
// so steps naming its tips, events, parameters and groups get past name resolution and run
// the runtime: store, journal, presenters, explanations, clock. Invariants beyond "does
// not trap": every diagnostic lies inside a file of the report, and a run is deterministic.
import Foundation
import TipsScenario
import TipsSource

let catalog: (path: String, sources: SourceSet) = {
    let dir = ProcessInfo.processInfo.environment["TIPS_FUZZ_CATALOG"] ?? "Definitions/notes-app"
    var sources = SourceSet()
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".tips") }.sorted()
    for name in names {
        if let data = FileManager.default.contents(atPath: dir + "/" + name) {
            sources.add(path: dir + "/" + name, bytes: [UInt8](data))
        }
    }
    precondition(!sources.files.isEmpty, "no catalog at \(dir) (set TIPS_FUZZ_CATALOG)")
    return (dir, sources)
}()

// Checking and compiling the catalog is most of a run's cost; every input uses the same one.
let compiled = [catalog.path: CompiledCatalog(path: catalog.path, sources: catalog.sources)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let input = ScenarioSuite.Input(path: "fuzz.scenario", bytes: bytes, catalog: catalog)
    let report = ScenarioSuite.run([input], compiled: compiled)
    for d in report.diagnostics {
        guard let file = report.sources.files.first(where: { $0.id == d.range.file }) else {
            preconditionFailure("diagnostic in an unknown file: \(d.code) \(d.message)")
        }
        precondition(d.range.start >= 0 && d.range.start <= d.range.end && Int(d.range.end) <= file.bytes.count,
                     "diagnostic out of its file: \(d.code)")
    }
    let again = ScenarioSuite.run([input], compiled: compiled)
    precondition(again.diagnostics == report.diagnostics && again.passed == report.passed, "run is not deterministic")
    return 0
}
