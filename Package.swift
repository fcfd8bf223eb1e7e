// swift-tools-version: 6.0
// The Tips package: one module per pipeline stage, data flowing one way.
//
//   TipsSource   source files, ranges, diagnostics and their renderers
//   TipsSyntax   tokens, syntax tree, parser, formatter
//   TipsCheck    name resolution, types, the checked model, lints
//   TipsCompile  lowering of the checked model to bytecode
//   TipsReference a plain tree-walking evaluator of the checked model (the test oracle)
//   TipsBenchSupport ready-made compiled workloads for both evaluators (bench and tests)
//   TipsBytecode instruction format, bundle encoding, verifier, disassembler
//   TipsVM       the rule virtual machine
//   TipsJournal  the JSON-lines state journal
//   TipsRuntime  the embeddable store: status, observation, presenters
//   TipsCLI      the commands behind `tipc`, as a library so tests call them directly
//
// TipsBytecode and TipsVM import nothing of the front end: apps ship precompiled bundles.
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
        .target(name: "TipsSource"),
        .target(name: "TipsSyntax", dependencies: ["TipsSource"]),
        .target(name: "TipsCheck", dependencies: ["TipsSource", "TipsSyntax"]),
        .target(name: "TipsBytecode"),
        .target(name: "TipsVM", dependencies: ["TipsBytecode"]),
        .target(name: "TipsCompile", dependencies: ["TipsSource", "TipsCheck", "TipsBytecode"]),
        .target(name: "TipsReference", dependencies: ["TipsCheck"]),
        .target(name: "TipsBenchSupport", dependencies: ["TipsSource", "TipsCheck", "TipsCompile", "TipsReference", "TipsBytecode", "TipsVM"]),
        .target(name: "TipsCLI", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck", "TipsCompile", "TipsBytecode", "TipsVM"]),
        .target(name: "TipsJournal"),
        // The embeddable runtime: bundles, journal and VM only, never the front end.
        .target(name: "TipsRuntime", dependencies: ["TipsBytecode", "TipsVM", "TipsJournal"], swiftSettings: runtimeSettings),
        .executableTarget(name: "tipc", dependencies: ["TipsCLI"]),
        .executableTarget(name: "journal-crash-writer", dependencies: ["TipsJournal"]),
        // Counts malloc calls by interposing malloc in the executable (glibc); tips-bench only.
        .target(name: "CMallocCount"),
        .executableTarget(name: "tips-bench", dependencies: ["TipsCLI", "TipsSource", "TipsSyntax", "TipsCheck",
                                                            "TipsBenchSupport", "TipsBytecode", "TipsVM", "TipsReference",
                                                            "TipsJournal", "TipsRuntime", "TipsCompile", "CMallocCount"]),
        .testTarget(name: "TipsSyntaxTests", dependencies: ["TipsSource", "TipsSyntax"], exclude: ["Golden"]),
        .testTarget(name: "TipsCheckTests", dependencies: ["TipsSource", "TipsSyntax", "TipsCheck"], resources: [.copy("Inputs")]),
        .testTarget(name: "TipsCLITests", dependencies: ["TipsCLI", "TipsSource", "TipsSyntax", "TipsCheck", "TipsBytecode"],
                    exclude: ["Golden"]),
        .testTarget(name: "TipsCompileTests", dependencies: ["TipsCompile", "TipsReference", "TipsBenchSupport", "TipsVM", "TipsBytecode", "TipsCheck", "TipsSyntax", "TipsSource"]),
        .testTarget(name: "TipsBytecodeTests", dependencies: ["TipsBytecode"]),
        .testTarget(name: "TipsVMTests", dependencies: ["TipsBytecode", "TipsVM"]),
        .testTarget(name: "TipsJournalTests", dependencies: ["TipsJournal"]),
        .testTarget(name: "TipsRuntimeTests", dependencies: ["TipsRuntime", "TipsJournal", "TipsCompile", "TipsSource"]),
    ]
)
