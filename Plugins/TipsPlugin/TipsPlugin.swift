import Foundation
import PackagePlugin

/// Generates a target's typed tips API at build time: when the target's sources hold
/// `.tips` files, one build command runs `tipc gen swift` over all of them (one catalog)
/// and adds the Swift it writes, compiled bundle embedded, to the target.
///
/// Inputs are the `.tips` files, so the build system re-runs the command only when one of
/// them changes (or `tipc` itself); `tipc` leaves the output untouched when the text is the
/// same, so the Swift compiler then has nothing new to do. A `.tips` error fails the build
/// with `file:line:col: error:` lines.
@main
struct TipsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return try Self.commands(inputs: module.sourceFiles(withSuffix: "tips").map(\.url), targetName: module.name,
                                 workDirectory: context.pluginWorkDirectoryURL, tipc: context.tool(named: "tipc").url)
    }

    /// The one build command for a target with `.tips` files among `inputs` (none without).
    static func commands(inputs: [URL], targetName: String, workDirectory: URL, tipc: URL) -> [Command] {
        // Sorted so that the catalog (and the generated file) doesn't depend on the order
        // the file system lists files in.
        let tips = inputs.filter { $0.pathExtension == "tips" }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        guard !tips.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("\(targetName)+Tips.swift")
        return [
            .buildCommand(
                displayName: "Generating typed tips for \(targetName) from \(tips.count) .tips file(s)",
                executable: tipc,
                arguments: ["gen", "swift", "--color", "never"] + tips.map(\.path) + ["-o", output.path],
                inputFiles: tips,
                outputFiles: [output]),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Xcode app targets (not packages): the same command over the target's `.tips` files.
// Only Xcode compiles this part; it is not built or tested on Linux.
extension TipsPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(inputs: target.inputFiles.map(\.url), targetName: target.displayName,
                          workDirectory: context.pluginWorkDirectoryURL, tipc: context.tool(named: "tipc").url)
    }
}
#endif
