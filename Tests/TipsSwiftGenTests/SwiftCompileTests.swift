import Foundation
import Testing
import TipsSwiftGen

/// Compiles generated Swift with `swiftc` against the TipsRuntime module this test run
/// built: it must type-check with `-warnings-as-errors` under Swift 6, and a misspelt name
/// in code using it must not.
///
/// The modules are found next to the running test bundle (`<build>/<config>/Modules`,
/// where SwiftPM puts them on Linux), else under `.build/debug/Modules`; when neither
/// holds `TipsRuntime.swiftmodule` the tests fail and say so, rather than pass unseen.
@Suite(.serialized) struct SwiftCompileTests {
    static let catalogs = SwiftGeneratorTests.catalogs

    @Test(arguments: catalogs.map(\.name))
    func generatedCodeCompilesWithoutWarnings(_ name: String) throws {
        let directory = try #require(Self.catalogs.first { $0.name == name }?.directory)
        var files = ["Generated.swift": try generateSwift(directory)]
        if name == "everything" {
            files["Usage.swift"] = try input("Usage.swift")
            files["TipKitLike.swift"] = try input("TipKitLike.swift")
        }
        let result = try typecheck(files)
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
        #expect(!result.output.contains("warning:"), "swiftc warned:\n\(result.output)")
    }

    @Test func publicAccessCompiles() throws {
        let swift = try generateSwift(inputsDirectory + "/everything",
                                      options: SwiftGenOptions(typeName: "NotesTips", accessLevel: .public))
        let result = try typecheck(["Generated.swift": swift])
        #expect(result.status == 0, "swiftc failed:\n\(result.output)")
    }

    /// A misspelt tip, and a parameter set to a value of the wrong type: errors at the
    /// line and column of the mistake.
    @Test(arguments: [
        ("Misspelt.swift", "Misspelt.swift:4:31: error: type 'TipKey' has no member 'favoritTip'"),
        ("WrongType.swift", "WrongType.swift:4:45: error: integer literal value '1' cannot be used as a boolean"),
    ])
    func misuseFailsToCompile(_ file: String, _ expected: String) throws {
        let result = try typecheck(["Generated.swift": try generateSwift(inputsDirectory + "/everything"),
                                    file: try input(file)])
        #expect(result.status != 0)
        #expect(result.output.contains(expected), "swiftc said:\n\(result.output)")
    }

    // MARK: - swiftc

    func input(_ name: String) throws -> String {
        try String(contentsOfFile: inputsDirectory + "/" + name, encoding: .utf8)
    }

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

    /// `swiftc -typecheck` of `files` (name → text) written to a temporary folder: exit
    /// status and everything it printed.
    func typecheck(_ files: [String: String]) throws -> (status: Int32, output: String) {
        let modules = try Self.modulesDirectory()
        let directory = FileManager.default.temporaryDirectory.path + "/tips-swiftc-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = directory + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors",
                             "-module-name", "App", "-I", modules,
                             "-module-cache-path", directory + "/ModuleCache"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
