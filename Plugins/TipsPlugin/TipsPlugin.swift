import Foundation
import PackagePlugin

/// Generates a target's typed tips API at build time: when the target's sources hold
/// `.tips` files, one build command runs `tipc gen swift` over all of them (one catalog)
/// and adds the Swift it writes, compiled bundle embedded, to the target.
///
/// Inputs are the `.tips` files, so SwiftPM re-runs the command only when one of them
/// changes (or `tipc` itself); `tipc` leaves the output untouched when the text is the
/// same, so the Swift compiler then has nothing new to do. A `.tips` error fails the
/// build with `file:line:col: error:` lines.
@main
struct TipsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // Sorted so that the catalog (and the generated file) doesn't depend on the order
        // the file system lists files in.
        let inputs = module.sourceFiles(withSuffix: "tips").map(\.url)
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        guard !inputs.isEmpty else { return [] }
        let tipc = try context.tool(named: "tipc")
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(module.name)+Tips.swift")
        return [
            .buildCommand(
                displayName: "Generating typed tips for \(module.name) from \(inputs.count) .tips file(s)",
                executable: tipc.url,
                arguments: ["gen", "swift", "--color", "never"] + inputs.map(\.path) + ["-o", output.path],
                inputFiles: inputs,
                outputFiles: [output]),
        ]
    }
}
