import Foundation
import PackagePlugin

/// Generates a target's typed tips API at build time: when the target's sources hold
/// `.tips` files, one build command runs `tips-gen swift` (`tipc gen swift` as a program of
/// its own, linking only the front end, the compiler and the Swift generator) over all of
/// them (one catalog) and adds the Swift it writes, compiled bundle embedded, to the target.
///
/// Inputs are the `.tips` files, so the build system re-runs the command only when one of
/// them changes (or `tips-gen` itself); it leaves the output untouched when the text is the
/// same, so the Swift compiler then has nothing new to do. A `.tips` error fails the build
/// with `file:line:col: error:` lines.
///
/// A `tips-gen.json` among the target's files (`{"access": "public"}`, see Docs/codegen.md)
/// sets the generator's options for that target; it is an input too, so editing it
/// regenerates.
@main
struct TipsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let config = module.sourceFiles.first { $0.url.lastPathComponent == Self.configName }?.url
        return try Self.commands(inputs: module.sourceFiles(withSuffix: "tips").map(\.url), targetName: module.name,
                                 workDirectory: context.pluginWorkDirectoryURL, generator: context.tool(named: "tips-gen").url,
                                 config: config)
    }

    /// The one build command for a target with `.tips` files among `inputs` (none without).
    /// The per-target options file, one of the target's files (anywhere in its folder).
    static let configName = "tips-gen.json"

    static func commands(inputs: [URL], targetName: String, workDirectory: URL, generator: URL, config: URL?) -> [Command] {
        // Sorted so that the catalog (and the generated file) doesn't depend on the order
        // the file system lists files in.
        let tips = inputs.filter { $0.pathExtension == "tips" }
            .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        guard !tips.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("\(targetName)+Tips.swift")
        return [
            .buildCommand(
                displayName: "Generating typed tips for \(targetName) from \(tips.count) .tips file(s)",
                executable: generator,
                arguments: ["swift", "--color", "never"] + (config.map { ["--config", $0.path] } ?? [])
                    + tips.map(\.path) + ["-o", output.path],
                inputFiles: tips + (config.map { [$0] } ?? []),
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
        let files = target.inputFiles.map(\.url)
        return try Self.commands(inputs: files, targetName: target.displayName,
                                 workDirectory: context.pluginWorkDirectoryURL, generator: context.tool(named: "tips-gen").url,
                                 config: files.first { $0.lastPathComponent == Self.configName })
    }
}
#endif
