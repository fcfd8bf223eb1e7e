// swift-tools-version: 6.0
// The Tips package: one module per pipeline stage, data flowing one way.
//
//   TipsTime     ISO-8601 instants, dependency-free so the front end and the runtime share it
//   TipsSource   source files, ranges, diagnostics and their renderers
//   TipsSyntax   tokens, syntax tree, parser, formatter
//   TipsCheck    name resolution, types, the checked model, lints
//   TipsCompile  lowering of the checked model to bytecode
//   TipsReference a plain tree-walking evaluator of the checked model (the test oracle)
//   TipsBenchSupport ready-made compiled workloads for both evaluators (bench and tests)
//   TipsBytecode instruction format, bundle encoding, verifier, disassembler
//   TipsVM       the rule virtual machine
//   TipsJournal  the JSON-lines state journal
//   TipsRuntime  the embeddable store: status, observation, presenters, explanations
//   TipsScenario author scenario tests over time, and their SVG timelines
//   TipsCLI      the commands behind `tipc`, as a library so tests call them directly
//
// TipsBytecode, TipsVM, TipsJournal and TipsRuntime import nothing of the front end: apps ship precompiled bundles.
// TipsTime belongs to neither side: it imports nothing, so both may use it.
import PackageDescription
import Foundation

// `TIPS_TSAN_LOCKS=1 swift test --sanitize=thread ...` gives TipsRuntime locks that Thread
// Sanitizer can see (see Sources/TipsRuntime/RuntimeMutex.swift).
let runtimeSettings: [SwiftSetting] = ProcessInfo.processInfo.environment["TIPS_TSAN_LOCKS"] == "1"
    ? [.define("TIPS_TSAN_LOCKS")] : []

let package = Package(
    name: "Tips",
    // TipsRuntime keeps its state behind Synchronization.Mutex (macOS 15 / iOS 18).
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "TipsFrontEnd", targets: ["TipsSource", "TipsSyntax", "TipsCheck"]),
        .library(name: "TipsRuntime", targets: ["TipsRuntime"]),
        .executable(name: "tipc", targets: ["tipc"]),
        .executable(name: "tips-bench", targets: ["tips-bench"]),
    ],
    targets: [
        // Shared by the front end and the runtime; imports nothing.
        .target(name: "TipsTime"),
        // Front end.
        .target(name: "TipsSource"),
        .target(name: "TipsSyntax", dependencies: ["TipsSource"]),
        .target(name: "TipsCheck", dependencies: ["TipsSource", "TipsSyntax", "TipsTime"]),
        .target(name: "TipsCompile", dependencies: ["TipsSource", "TipsCheck", "TipsBytecode"]),
        .target(name: "TipsReference", dependencies: ["TipsCheck"]),
        // What apps ship: bundles, the VM, the journal and the runtime, never the front end.
        .target(name: "TipsBytecode"),
        .target(name: "TipsVM", dependencies: ["TipsBytecode"]),
        .target(name: "TipsJournal"),
        .target(name: "TipsRuntime", dependencies: ["TipsBytecode", "TipsVM", "TipsJournal", "TipsTime"], swiftSettings: runtimeSettings),
        // Author tools and the command layer.
        // Scenario tests for authors (`tipc test`): runs timelines of steps against a catalog.
        .target(name: "TipsScenario", dependencies: ["TipsSource", "TipsCheck", "TipsCompile", "TipsRuntime", "TipsTime"]),
        .target(name: "TipsCLI", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsCompile", "TipsBytecode", "TipsVM",
                                                "TipsJournal", "TipsRuntime", "TipsScenario", "TipsTime"]),
        .target(name: "TipsBenchSupport", dependencies: ["TipsSource", "TipsCheck", "TipsCompile", "TipsReference", "TipsBytecode", "TipsVM"]),
        .executableTarget(name: "tipc", dependencies: ["TipsCLI"]),
        // Counts malloc calls by interposing malloc in the executable (glibc); tips-bench only.
        .target(name: "CMallocCount"),
        .executableTarget(name: "tips-bench", dependencies: ["TipsCLI", "TipsSource", "TipsSyntax", "TipsCheck",
                                                            "TipsBenchSupport", "TipsBytecode", "TipsVM", "TipsReference",
                                                            "TipsJournal", "TipsRuntime", "TipsCompile", "CMallocCount"]),
        .executableTarget(name: "journal-crash-writer", dependencies: ["TipsJournal"]),
        // The example program of Docs/runtime.md: a terminal notes app that shows tips.
        .executableTarget(name: "tips-demo", dependencies: ["TipsRuntime", "TipsCompile", "TipsSource"]),
        // Tests, one target per module.
        .testTarget(name: "TipsSyntaxTests", dependencies: ["TipsSource", "TipsSyntax"], exclude: ["Golden"]),
        .testTarget(name: "TipsCheckTests", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck"], resources: [.copy("Inputs")]),
        .testTarget(name: "TipsCompileTests", dependencies: ["TipsCompile", "TipsReference", "TipsBenchSupport", "TipsVM", "TipsBytecode", "TipsCheck", "TipsSyntax", "TipsSource"]),
        .testTarget(name: "TipsBytecodeTests", dependencies: ["TipsBytecode"]),
        .testTarget(name: "TipsVMTests", dependencies: ["TipsBytecode", "TipsVM"]),
        .testTarget(name: "TipsJournalTests", dependencies: ["TipsJournal"]),
        .testTarget(name: "TipsTimeTests", dependencies: ["TipsTime"]),
        .testTarget(name: "TipsRuntimeTests", dependencies: ["TipsRuntime", "TipsJournal", "TipsCompile", "TipsSource"]),
        .testTarget(name: "TipsScenarioTests", dependencies: ["TipsScenario", "TipsSource", "TipsCheck", "TipsRuntime", "TipsCLI"],
                    exclude: ["Golden"]),
        .testTarget(name: "TipsCLITests", dependencies: ["TipsCLI", "TipsSource", "TipsSyntax", "TipsCheck", "TipsBytecode", "TipsJournal", "TipsRuntime", "TipsCompile"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "TipsDemoTests", dependencies: ["tips-demo", "TipsRuntime", "TipsCLI"]),
    ]
)
