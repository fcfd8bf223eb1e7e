import TipsScenario
import TipsSource

/// The server's results for open scenario files (`*.scenario`, Docs/testing.md).
///
/// A scenario file is run, as `tipc test` runs it, against its catalog as the editor has it
/// (open `.tips` texts win over the disk), and its diagnostics are those of that run. A run
/// is kept until the scenario's text or a file of its catalog changes, so hover and
/// completion requests, and a keystroke in an unrelated catalog, cost nothing.
struct ScenarioDocuments {
    /// One run of one scenario file.
    struct Check {
        /// The scenario file (file 0) and its catalog's files (1...), as the run saw them.
        var sources: SourceSet
        /// `uris[i]` is the URI of file `i`.
        var uris: [String]
        /// What the run reported in the scenario file itself (catalog errors are the catalog
        /// files' own diagnostics; the run says once, at the scenario, that they stop it).
        var diagnostics: [Diagnostic]
        /// The scenario file's id in `sources`.
        var file: FileID { FileID(0) }
        /// What the run depended on: the scenario's bytes and each catalog file's.
        var scenarioBytes: [UInt8]
        var catalogBytes: [[UInt8]]
    }

    /// Scenario files end with this (as `tipc test` finds them).
    static let fileExtension = ".scenario"

    static func isScenario(_ uri: String) -> Bool { uri.hasSuffix(fileExtension) }

    /// The last run of each open scenario file, by URI.
    var checks: [String: Check] = [:]
    /// The catalog each run compiled, by catalog key, with the bytes it was compiled from:
    /// several scenario files of one catalog compile it once.
    var compiled: [String: (bytes: [[UInt8]], catalog: CompiledCatalog)] = [:]

    /// The run of `scenario` (its URI, path and text) against `catalog` (its key, directory
    /// and the analysis's files and URIs; nil when no catalog holds the file): the kept one
    /// if nothing it depends on changed, else a new one.
    mutating func check(uri: String, path: String, bytes: [UInt8],
                        catalog: (key: String, sources: SourceSet, uris: [String])?) -> Check {
        let catalogBytes = catalog.map { $0.sources.files.map(\.bytes) } ?? []
        if let kept = checks[uri], kept.scenarioBytes == bytes, kept.catalogBytes == catalogBytes { return kept }
        var known: [String: CompiledCatalog] = [:]
        if let catalog {
            if let hit = compiled[catalog.key], hit.bytes == catalogBytes {
                known[catalog.key] = hit.catalog
            } else {
                let fresh = CompiledCatalog(path: catalog.key, sources: catalog.sources)
                compiled[catalog.key] = (catalogBytes, fresh)
                known[catalog.key] = fresh
            }
        }
        let input = ScenarioSuite.Input(path: path, bytes: bytes, catalog: catalog.map { ($0.key, $0.sources) })
        let report = ScenarioSuite.run([input], compiled: known)
        let check = Check(sources: report.sources, uris: [uri] + (catalog?.uris ?? []),
                          diagnostics: report.diagnostics.filter { $0.range.file == FileID(0) },
                          scenarioBytes: bytes, catalogBytes: catalogBytes)
        checks[uri] = check
        return check
    }

    /// Forgets a closed file's run.
    mutating func close(_ uri: String) {
        checks[uri] = nil
        let keys = Set(checks.keys)
        if keys.isEmpty { compiled = [:] }
    }
}
