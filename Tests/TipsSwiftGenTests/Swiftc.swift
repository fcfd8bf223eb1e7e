import Foundation
import TipsSwiftGen

/// `swiftc` on generated Swift, against the TipsRuntime module this test run built.
///
/// The modules are found next to the running test bundle (`<build>/<config>/Modules`,
/// where SwiftPM puts them on Linux), else under `.build/debug/Modules`; when neither
/// holds `TipsRuntime.swiftmodule` the tests fail and say so, rather than pass unseen.
/// Programs link the object files SwiftPM left in `<config>/<Target>.build/` for
/// TipsRuntime and the targets it depends on.
enum Swiftc {
    /// What swiftc did: its exit status and everything it printed.
    struct Result {
        var status: Int32
        var output: String
        /// Exit status 0 and no warning (the builds use `-warnings-as-errors`, but `-parse`
        /// and `-dump-parse` do not turn warnings into errors).
        var isClean: Bool { status == 0 && !output.contains("warning:") && !output.contains("error:") }
    }

    /// The targets whose object files a program using TipsRuntime links.
    static let runtimeTargets = ["TipsRuntime", "TipsBytecode", "TipsVM", "TipsJournal", "TipsTime", "TipsText", "TipsSignature"]

    /// The folder holding `TipsRuntime.swiftmodule` of this build.
    static func modulesDirectory() throws -> String {
        var candidates: [String] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = executable.deletingLastPathComponent()
        // The test binary is <config>/X.xctest (Linux) or <config>/X.xctest/Contents/MacOS/X.
        for _ in 0..<4 {
            candidates.append(dir.appendingPathComponent("Modules").path)
            candidates.append(dir.path)
            dir.deleteLastPathComponent()
        }
        candidates.append(packageRoot + "/.build/debug/Modules")
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate + "/TipsRuntime.swiftmodule") {
            return candidate
        }
        throw SwiftGenError("TipsRuntime.swiftmodule not found in: " + candidates.joined(separator: ", ")
            + " (build first: swift build)")
    }

    /// The object files of ``runtimeTargets`` in this build.
    static func runtimeObjects() throws -> [String] {
        let modules = try modulesDirectory()
        let config = (modules as NSString).lastPathComponent == "Modules" ? (modules as NSString).deletingLastPathComponent : modules
        var objects: [String] = []
        for target in runtimeTargets {
            let dir = config + "/" + target + ".build"
            let found = objectFiles(in: dir)
            guard !found.isEmpty else { throw SwiftGenError("no object files of \(target) in \(dir) (build first: swift build)") }
            objects += found
        }
        return objects
    }

    /// The object files the build made from the target's sources today: the ones its
    /// `output-file-map.json` names (a file renamed since an earlier build leaves its old
    /// object behind, and linking both would define its symbols twice); every `.o` in the
    /// folder where there is no map.
    static func objectFiles(in dir: String) -> [String] {
        if let data = FileManager.default.contents(atPath: dir + "/output-file-map.json"),
           let map = (try? JSONSerialization.jsonObject(with: data)) as? [String: [String: String]] {
            let objects = map.values.compactMap { $0["object"] }.filter { FileManager.default.fileExists(atPath: $0) }
            if !objects.isEmpty { return objects.sorted() }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".o") }.sorted().map { dir + "/" + $0 }
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.path + "/tips-swiftc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `files` (name → text) into `directory`, in name order; their paths.
    static func write(_ files: [String: String], to directory: String) throws -> [String] {
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = directory + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// Runs `swiftc arguments` (or another program at `executable`).
    static func run(_ arguments: [String], executable: String? = nil) throws -> Result {
        let process = Process()
        if let executable {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc"] + arguments
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The flags every compile uses: Swift 6, warnings as errors, the build's modules.
    static func commonFlags(cache directory: String, moduleName: String = "App", extraIncludes: [String] = []) throws -> [String] {
        ["-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName, "-I", try modulesDirectory()]
            + extraIncludes.flatMap { ["-I", $0] } + ["-module-cache-path", directory + "/ModuleCache"]
    }

    /// `swiftc -typecheck` of `files` (name → text) as one module.
    static func typecheck(_ files: [String: String], extraIncludes: [String] = []) throws -> Result {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try write(files, to: directory)
        return try run(["-typecheck"] + commonFlags(cache: directory, extraIncludes: extraIncludes) + paths)
    }

    /// `swiftc -dump-parse` of each file on its own (one call for all): the syntax tree as
    /// swiftc parsed it, without comments, source locations or addresses, one per file in
    /// the order given; and what swiftc said. Files need not type-check together.
    static func dumpParse(_ texts: [String]) throws -> (trees: [String], result: Result) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var files: [String: String] = [:]
        for (i, text) in texts.enumerated() { files[String(format: "F%05d.swift", i)] = text }
        let paths = try write(files, to: directory)
        let result = try run(["-dump-parse", "-swift-version", "6"] + paths)
        var trees: [String] = []
        var current: [Substring]?
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("(source_file ") {
                if let c = current { trees.append(normalized(c)) }
                current = []
            } else {
                current?.append(line)
            }
        }
        if let c = current { trees.append(normalized(c)) }
        return (trees, result)
    }

    /// A `-dump-parse` tree without what differs between equal parses: source ranges and
    /// locations, and the addresses of declaration contexts.
    static func normalized(_ lines: [Substring]) -> String {
        var lines = lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            line.replacing(#/ range=\[[^\]]*\]/#, with: "")
                .replacing(/@[^"\s]*\.swift:\d+:\d+/, with: "@")
                .replacing(/0x[0-9a-f]+/, with: "0x")
        }.joined(separator: "\n")
    }

    /// Compiles `files` into one program linking TipsRuntime, runs it, and returns what it
    /// printed; the build's and the run's results when either fails.
    static func buildAndRun(_ files: [String: String]) throws -> (build: Result, run: Result?) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try write(files, to: directory)
        let program = directory + "/program"
        let build = try run(commonFlags(cache: directory) + paths + (try runtimeObjects()) + ["-o", program])
        guard build.status == 0 else { return (build, nil) }
        return (build, try run([], executable: program))
    }

    /// Builds `source` as the module `name` into `directory` (its `.swiftmodule` there), for
    /// a stand-in of a module apps import next to TipsRuntime.
    static func emitModule(_ name: String, source: String, into directory: String) throws -> Result {
        let paths = try write(["\(name).swift": source], to: directory)
        return try run(["-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
                        "-emit-module-path", directory + "/\(name).swiftmodule",
                        "-module-cache-path", directory + "/ModuleCache"] + paths)
    }
}
