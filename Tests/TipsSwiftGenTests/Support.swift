import Foundation
import TipsCheck
import TipsCompile
import TipsDriver
import TipsSource
import TipsSwiftGen

/// The package's root directory (this file is Tests/TipsSwiftGenTests/Support.swift).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// This test target's `Inputs` folder.
let inputsDirectory = packageRoot + "/Tests/TipsSwiftGenTests/Inputs"

/// Checks, compiles and generates Swift for the catalog in `directory`, as `tipc gen swift`
/// does; nil with the reason when the catalog has errors or doesn't compile.
func generateSwift(_ directory: String, options: SwiftGenOptions = SwiftGenOptions()) throws -> String {
    let loaded = CatalogLoader.load([directory])
    guard loaded.failures.isEmpty, loaded.catalogs.count == 1, let sources = loaded.catalogs.first else {
        throw SwiftGenError("cannot load one catalog from \(directory): \(loaded.failures.map(\.message))")
    }
    let relative = relativeSources(sources, to: directory)
    let checked = Checker.check(relative)
    guard checked.diagnostics.errorCount == 0 else {
        throw SwiftGenError("\(directory) has errors")
    }
    guard let bytes = Compiler.compile(sources: relative).bytes else {
        throw SwiftGenError("\(directory) does not compile")
    }
    return try SwiftGenerator(model: checked.model, bundle: bytes, sources: relative, options: options).generate()
}

/// The `SwiftGenError` that `body` throws; nil when it throws nothing or another error.
/// (`#require(throws:)` hands back the error only from Swift 6.1 on, and the package
/// builds with Swift 6.0: Xcode 16.)
func swiftGenError<R>(_ body: () throws -> R) -> SwiftGenError? {
    do {
        _ = try body()
        return nil
    } catch let error as SwiftGenError {
        return error
    } catch {
        return nil
    }
}

/// `sources` with paths relative to `directory`.
func relativeSources(_ sources: SourceSet, to directory: String) -> SourceSet {
    var out = SourceSet()
    for file in sources.files {
        let path = file.path.hasPrefix(directory + "/") ? String(file.path.dropFirst(directory.count + 1)) : file.path
        out.add(path: path, bytes: file.bytes)
    }
    return out
}

/// A catalog written to a fresh temporary folder from `files` (name → text).
func temporaryCatalog(_ files: [String: String]) throws -> String {
    let directory = FileManager.default.temporaryDirectory.path + "/tips-gen-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
    }
    return directory
}
