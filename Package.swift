// swift-tools-version: 6.0
// The Tips package: one module per pipeline stage, data flowing one way, and one tooling
// layer (TipsDriver) between the stages and every front door. Docs/contributing.md has the
// module map and the import rules; ModuleGraphTests holds them against this file.
//
// Stages (the front end):
//   TipsSource   source files, ranges, diagnostics and their renderers
//   TipsSyntax   tokens, syntax tree, parser, formatter
//   TipsCheck    name resolution, types, the checked model, lints
//   TipsCompile  lowering of the checked model to bytecode
//   TipsReference a plain tree-walking evaluator of the checked model (the test oracle)
//   TipsSwiftGen the typed Swift API of a checked catalog, bundle embedded
// What apps ship:
//   TipsBytecode instruction format, bundle encoding, verifier, disassembler
//   TipsVM       the rule virtual machine
//   TipsJournal  the JSON-lines state journal, and InputFile: the bounded reader of untrusted files
//   TipsRuntime  the embeddable store: status, observation, presenters, explanations
//   TipsUI       tip cards and popovers: the card as data (tested here), SwiftUI and UIKit
//                views behind #if canImport (type-checked against stubs, scripts/check-views.sh)
//   TipsSignature SHA-256, SHA-512 and Ed25519 (RFC 8032): signed catalogs, imports nothing
//   TipsUpdater  fetches published catalogs (URLSession): conditional, bounded, backing off
// Shared by both sides:
//   TipsTime     ISO-8601 instants, duration text, the named frequencies; imports nothing, so
//                the front end and the runtime share it
//   TipsText     terminal-safe text (the one escaper of control characters), the one JSON
//                value type with its parser, and the one reader of `\(name)` placeholders;
//                imports nothing
// The tooling layer:
//   TipsDriver   finds a catalog's files, checks once, compiles from the checked model; schemas,
//                diffs, check summaries, generated catalogs for benchmarks
// Front doors (they load, check and compile through TipsDriver):
//   TipsCommandLine what every command line shares: commands, arguments, output files, the process
//   TipsGen      `tipc gen swift`, the typed Swift of a catalog; also alone as `tips-gen`
//   TipsCLI      the commands behind `tipc`: calls into the driver, rendering
//   tipc         the executable: forwards the process's arguments to TipsCLI
//   tips-gen     the executable the build plugin runs: TipsGen alone, no runtime, no server
//   TipsLanguageServer `tipc lsp`: the Language Server Protocol over the front end
//   TipsScenario author scenario tests over time (`tipc test`), and their SVG timelines
//   TipsPlayground `tipc playground`: the runtime live behind a loopback HTTP server of our own
//   TipsPlugin   the SwiftPM build-tool plugin: runs `tips-gen swift` over a target's .tips files
//   tips-demo    the example program of Docs/runtime.md
// Support: tips-bench, TipsBenchSupport (compiled workloads for both evaluators, the journal's),
// CMallocCount, journal-crash-writer, and TipsTestSupport (what the test targets share).
//
// TipsBytecode, TipsVM, TipsJournal and TipsRuntime import nothing of the front end: apps ship
// precompiled bundles. TipsDriver imports neither the VM nor the runtime: it compiles, it does
// not run.
import PackageDescription

let package = Package(
    name: "Tips",
    // Where TipKit runs, at TipKit's own floors. Observation (the @Observable presenter
    // models) sets them; nothing newer may be used unguarded, which
    // scripts/check-availability.sh proves in CI from the toolchain's availability data.
    // The runtime's lock is its own (Sources/TipsRuntime/RuntimeLock.swift), not
    // Synchronization.Mutex, which would need macOS 15 / iOS 18.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "TipsFrontEnd", targets: ["TipsSource", "TipsSyntax", "TipsCheck"]),
        .library(name: "TipsRuntime", targets: ["TipsRuntime"]),
        .library(name: "TipsUI", targets: ["TipsUI"]),
        .library(name: "TipsUpdater", targets: ["TipsUpdater"]),
        .executable(name: "tipc", targets: ["tipc"]),
        .executable(name: "tips-bench", targets: ["tips-bench"]),
        // Apps apply it to a target holding .tips files (see Docs/codegen.md).
        .plugin(name: "TipsPlugin", targets: ["TipsPlugin"]),
    ],
    targets: [
        // Shared by the front end and the runtime; imports nothing.
        .target(name: "TipsTime"),
        // Terminal-safe text, shared by the front end and the runtime; imports nothing.
        .target(name: "TipsText"),
        // Front end.
        .target(name: "TipsSource", dependencies: ["TipsText"]),
        .target(name: "TipsSyntax", dependencies: ["TipsSource", "TipsTime"]),
        .target(name: "TipsCheck", dependencies: ["TipsSource", "TipsSyntax", "TipsTime", "TipsText"]),
        .target(name: "TipsCompile", dependencies: ["TipsSource", "TipsCheck", "TipsBytecode"]),
        .target(name: "TipsReference", dependencies: ["TipsCheck"]),
        // What apps ship: bundles, the VM, the journal and the runtime, never the front end.
        .target(name: "TipsBytecode", dependencies: ["TipsTime"]),
        .target(name: "TipsVM", dependencies: ["TipsBytecode"]),
        .target(name: "TipsJournal"),
        // Hashes and Ed25519 signatures for published catalogs: `tipc publish` signs, apps verify.
        .target(name: "TipsSignature"),
        .target(name: "TipsRuntime", dependencies: ["TipsBytecode", "TipsVM", "TipsJournal", "TipsTime", "TipsText", "TipsSignature"]),
        // Fetches published catalogs over URLSession (FoundationNetworking on Linux), so only
        // apps that download updates link networking.
        .target(name: "TipsUpdater", dependencies: ["TipsRuntime", "TipsSignature", "TipsJournal", "TipsTime"]),
        // The views: the card's logic as data, thin SwiftUI and UIKit code over it.
        .target(name: "TipsUI", dependencies: ["TipsRuntime"]),
        // The tooling layer between the stages and every front door: finds a catalog's files,
        // checks once, compiles from the checked model, diffs, schemas, summaries.
        .target(name: "TipsDriver", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsCompile", "TipsBytecode",
                                                   "TipsJournal", "TipsTime", "TipsSignature", "TipsText"]),
        // Author tools and the command layer.
        // Scenario tests for authors (`tipc test`): runs timelines of steps against a catalog.
        .target(name: "TipsScenario", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsDriver", "TipsRuntime", "TipsTime", "TipsText"]),
        // `tipc preview`: every tip as TipsUI's cards show it (resolved by the runtime), as one
        // self-contained HTML page, and browser measurements of it turned into lints.
        .target(name: "TipsPreview", dependencies: ["TipsSource", "TipsCheck", "TipsDriver", "TipsRuntime", "TipsUI", "TipsText", "TipsJournal"]),
        // The playground (`tipc playground`, `tipc preview --serve`): a live session of the runtime
        // behind a small HTTP server of our own on 127.0.0.1, its page, and saving it as a scenario.
        .target(name: "TipsPlayground", dependencies: ["TipsScenario", "TipsRuntime", "TipsDriver", "TipsCheck", "TipsSource", "TipsText", "TipsTime"]),
        // The typed Swift API of a catalog; front-end side (it reads the checked model).
        .target(name: "TipsSwiftGen", dependencies: ["TipsSource", "TipsCheck", "TipsTime"]),
        // The language server behind `tipc lsp` (editors): JSON-RPC over stdio on the front end.
        .target(name: "TipsLanguageServer", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsJournal", "TipsDriver", "TipsText",
                                                            "TipsScenario"]),
        // Effectiveness reports (`tipc report`): folds exported events into per-tip, per-variant
        // figures; reads events as data, so it never links the runtime, nor the runtime it.
        .target(name: "TipsReport", dependencies: ["TipsText", "TipsTime"]),
        // Journals into events: replays them through the runtime for `tipc report --defs` and
        // `tipc events export`, and simulates a fleet of devices that writes them.
        .target(name: "TipsReplay", dependencies: ["TipsReport", "TipsRuntime", "TipsJournal", "TipsDriver"]),
        // What every command line shares: commands, arguments, invocations, output files, the process.
        .target(name: "TipsCommandLine", dependencies: ["TipsDriver", "TipsSource", "TipsJournal"]),
        // `tipc gen swift`, also alone as `tips-gen` (what the build plugin runs): links the front
        // end, the compiler and the Swift generator, not the runtime or the rest of tipc.
        .target(name: "TipsGen", dependencies: ["TipsCommandLine", "TipsCheck", "TipsCompile", "TipsDriver", "TipsSource",
                                                "TipsSwiftGen", "TipsJournal", "TipsText"]),
        .target(name: "TipsCLI", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsCompile", "TipsBytecode", "TipsVM",
                                                "TipsJournal", "TipsRuntime", "TipsScenario", "TipsTime", "TipsSwiftGen",
                                                "TipsLanguageServer", "TipsDriver", "TipsText", "TipsSignature", "TipsReport",
                                                "TipsCommandLine", "TipsGen", "TipsReplay", "TipsPreview", "TipsPlayground"]),
        .target(name: "TipsBenchSupport", dependencies: ["TipsSource", "TipsCheck", "TipsCompile", "TipsReference", "TipsBytecode", "TipsVM",
                                                         "TipsJournal", "TipsDriver"]),
        .executableTarget(name: "tipc", dependencies: ["TipsCLI"]),
        .executableTarget(name: "tips-gen", dependencies: ["TipsCommandLine", "TipsGen"]),
        // Runs `tips-gen swift` (tipc's `gen`, alone) at build time for a target's .tips files.
        .plugin(name: "TipsPlugin", capability: .buildTool(), dependencies: ["tips-gen"]),
        // What test targets share, and only they: the golden-file helper, random valid bundles
        // (drawn from TipsBenchSupport's SeededGenerator), the allocation counter.
        .target(name: "TipsTestSupport", dependencies: ["TipsBytecode", "TipsBenchSupport"]),
        // Counts malloc calls by interposing malloc in the executable (glibc); tips-bench only.
        .target(name: "CMallocCount"),
        .executableTarget(name: "tips-bench", dependencies: ["TipsCLI", "TipsDriver", "TipsSource", "TipsSyntax", "TipsCheck",
                                                            "TipsBenchSupport", "TipsBytecode", "TipsVM", "TipsReference",
                                                            "TipsJournal", "TipsRuntime", "TipsCompile", "CMallocCount",
                                                            "TipsLanguageServer", "TipsSignature", "TipsText", "TipsReplay",
                                                            "TipsReport"]),
        // The crash harnesses' writer: a Journal, or a TipStore over a catalog it compiles.
        .executableTarget(name: "journal-crash-writer", dependencies: ["TipsJournal", "TipsRuntime", "TipsCompile", "TipsSource",
                                                                      "TipsBenchSupport"]),
        // Writes the journals of a simulated fleet (TipsReplay's FleetSimulation) for the DuckDB check.
        .executableTarget(name: "tips-fleet", dependencies: ["TipsReplay", "TipsDriver", "TipsSource"]),
        // The example program of Docs/runtime.md: a terminal notes app that shows tips.
        .executableTarget(name: "tips-demo", dependencies: ["TipsRuntime", "TipsDriver", "TipsSource", "TipsTime"]),
        // Tests: a target for most modules, named after it, and targets that test several:
        // TipsSource's renderers are tested in TipsCLITests, TipsReference against the VM in
        // TipsCompileTests, the manifest itself (ModuleGraphTests) in TipsDriverTests; TipsText
        // and TipsTime have small targets of their own. What they share is in TipsTestSupport.
        // Library code is tested by calling it; the targets that also run
        // `tipc` in process (TipsCLITests; the command tests of TipsScenarioTests,
        // TipsSwiftGenTests and TipsDemoTests) depend on TipsCLI for that alone.
        .testTarget(name: "TipsSyntaxTests", dependencies: ["TipsSource", "TipsSyntax", "TipsBenchSupport"], exclude: ["Golden"]),
        .testTarget(name: "TipsCheckTests", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsTime", "TipsTestSupport", "TipsBenchSupport"], exclude: ["Golden"],
                    resources: [.copy("Inputs")]),
        .testTarget(name: "TipsCompileTests", dependencies: ["TipsCompile", "TipsReference", "TipsBenchSupport", "TipsVM", "TipsBytecode", "TipsCheck", "TipsSyntax", "TipsSource"]),
        .testTarget(name: "TipsBytecodeTests", dependencies: ["TipsBytecode", "TipsTestSupport", "TipsBenchSupport"]),
        .testTarget(name: "TipsVMTests", dependencies: ["TipsBytecode", "TipsVM", "TipsTestSupport", "TipsBenchSupport"]),
        .testTarget(name: "TipsJournalTests", dependencies: ["TipsJournal", "TipsBenchSupport"]),
        .testTarget(name: "TipsTimeTests", dependencies: ["TipsTime"]),
        .testTarget(name: "TipsTextTests", dependencies: ["TipsText"]),
        // The end-to-end check runs a real store and sink (hence the runtime and the compiler).
        .testTarget(name: "TipsReportTests", dependencies: ["TipsReport", "TipsText", "TipsRuntime", "TipsCompile", "TipsSource",
                                                          "TipsReplay", "TipsJournal", "TipsTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TipsSignatureTests", dependencies: ["TipsSignature", "TipsBenchSupport"], resources: [.copy("Vectors")]),
        .testTarget(name: "TipsRuntimeTests", dependencies: ["TipsRuntime", "TipsJournal", "TipsCompile", "TipsSource", "TipsBytecode", "TipsVM", "TipsTestSupport", "TipsBenchSupport",
                                                           "TipsSignature"]),
        // Against a real HTTP server on loopback (scripts/update-server.py), with pairs signed by
        // the publisher (hence TipsDriver).
        .testTarget(name: "TipsUpdaterTests", dependencies: ["TipsUpdater", "TipsRuntime", "TipsSignature", "TipsDriver", "TipsTestSupport", "TipsTime"]),
        .testTarget(name: "TipsUITests", dependencies: ["TipsUI", "TipsRuntime"]),
        .testTarget(name: "TipsPreviewTests", dependencies: ["TipsPreview", "TipsDriver", "TipsSource", "TipsCheck", "TipsUI", "TipsText",
                                                            "TipsTestSupport"],
                    exclude: ["Golden", "Inputs"]),
        .testTarget(name: "TipsScenarioTests", dependencies: ["TipsScenario", "TipsDriver", "TipsSource", "TipsCheck", "TipsRuntime", "TipsCLI", "TipsTime", "TipsTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "TipsCLITests", dependencies: ["TipsCLI", "TipsDriver", "TipsSource", "TipsSyntax", "TipsCheck", "TipsBytecode", "TipsJournal", "TipsRuntime", "TipsCompile",
                                                        "TipsScenario", "TipsSwiftGen", "TipsTime", "TipsText", "TipsTestSupport", "TipsSignature",
                                                        "TipsCommandLine", "TipsReplay", "TipsPreview"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "TipsDriverTests", dependencies: ["TipsDriver", "TipsSource", "TipsSyntax", "TipsCheck", "TipsCompile", "TipsBytecode", "TipsTestSupport", "TipsBenchSupport",
                                                          "TipsSignature"],
                    exclude: ["Golden"]),
        // Goldens of generated Swift, and a compile test of it against the built TipsRuntime.
        .testTarget(name: "TipsSwiftGenTests", dependencies: ["TipsSwiftGen", "TipsCheck", "TipsCompile", "TipsSource", "TipsCLI",
                                                            "TipsBenchSupport", "TipsDriver", "TipsTestSupport", "TipsGen"],
                    exclude: ["Golden", "Inputs"]),
        // Drives the server in-process and a real `tipc lsp` process over pipes (hence "tipc").
        .testTarget(name: "TipsLanguageServerTests", dependencies: ["TipsLanguageServer", "TipsSource", "TipsSyntax", "tipc", "TipsBenchSupport", "TipsText"]),
        // The HTTP parser and the API called directly, the scenario round trip, one socket test on loopback.
        .testTarget(name: "TipsPlaygroundTests", dependencies: ["TipsPlayground", "TipsScenario", "TipsDriver", "TipsSource", "TipsText"]),
        .testTarget(name: "TipsDemoTests", dependencies: ["tips-demo", "TipsRuntime", "TipsCLI"]),
    ]
)
