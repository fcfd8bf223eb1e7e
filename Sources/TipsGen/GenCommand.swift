import TipsCheck
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsSource
import TipsSwiftGen

/// `tipc gen swift`: the typed Swift API of one catalog, with its compiled bundle embedded
/// (what the `TipsPlugin` build plugin runs, through the small `tips-gen` executable).
public enum GenCommand {
    /// The languages `gen` writes.
    enum Language: String, CaseIterable {
        case swift
    }

    /// The command: in `tipc`'s table, and alone in `tips-gen`.
    public static let command = Command(
        name: "gen",
        summary: "Generate the typed Swift API of one catalog, bundle embedded.",
        usage: "tipc gen swift [--config FILE] [--type-name NAME] [--access internal|public] [--color auto|always|never] [PATH...] [-o FILE]",
        options: [
            .init(name: "-o", value: "FILE",
                  help: "Write to FILE, only when its content changes (default, and -: standard output)"),
            .init(name: "--config", value: "FILE",
                  help: "Options from a JSON file: {\"access\": \"public\", \"typeName\": \"AppTips\"} (flags win)"),
            .init(name: "--type-name", value: "NAME",
                  help: "The namespace enum holding the bundle, makeStore and enums (default AppTips)"),
            .init(name: "--access", value: "internal|public",
                  help: "Access level of every generated declaration (default internal)"),
            .init(name: "--color", value: "auto|always|never",
                  help: "Colour diagnostics (default auto: on a terminal, unless NO_COLOR is set)"),
        ],
        details: """
            PATHs (files or folders, default: the current directory) are found and checked as by
            'tipc check' and must make up one catalog. Diagnostics go to standard error; with
            errors nothing is written. With -o, FILE is left untouched (not even its
            modification time) when the generated text is unchanged, so builds stay incremental;
            a changed one replaces a regular FILE atomically, and a FIFO or character device is
            written directly, never replaced (Docs/cli.md, "Outputs by kind").
            The output depends only on the catalog (paths in it are catalog-relative).
            See Docs/codegen.md for what is generated.
            Exit status: 0 written (or unchanged), 1 errors in the catalog or names that clash
            in Swift (E800-E804), 2 usage or I/O error (an unusable --type-name too).
            """,
        run: run)

    /// Runs `tipc gen` with `invocation`'s arguments.
    public static func run(_ invocation: inout Invocation) -> Int32 {
        var arguments: ParsedArguments
        let color: ColorMode
        var access: SwiftGenOptions.AccessLevel
        var config: GenConfig?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            color = try arguments.choice("--color", default: ColorMode.auto)
            if let path = arguments.values["--config"] {
                let bytes: [UInt8]
                do { bytes = try FileSystem.readFile(path, limit: GenConfig.limit) } catch {
                    throw UsageError(message: error.isMissing ? "no such file or directory: \(path)" : "cannot read \(path): \(error.reason)")
                }
                config = try GenConfig(bytes, path: path)
            }
            access = try arguments.choice("--access", default: config?.access ?? SwiftGenOptions.AccessLevel.internal)
            guard let language = arguments.positionals.first else {
                throw UsageError(message: "missing language: 'tipc gen swift ...'")
            }
            guard Language(rawValue: language) != nil else {
                throw UsageError(message: "unknown language '\(language)'; expected "
                    + Language.allCases.map(\.rawValue).joined(separator: ", "))
            }
            arguments.positionals.removeFirst()
            if let path = arguments.values["-o"], path.isEmpty {
                throw UsageError(message: "-o needs a file name")
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let typeName = arguments.values["--type-name"] ?? config?.typeName ?? "AppTips"
        let options = SwiftGenOptions(typeName: typeName, accessLevel: access)
        let output = arguments.values["-o"]

        guard let catalogs = invocation.loadCatalogs(arguments) else { return ExitCode.usage }
        guard catalogs.count <= 1 else {
            return invocation.usageError(UsageError(message:
                "\(catalogs.count) catalogs found; tipc gen swift writes one catalog's API: give one folder"), command: command)
        }
        guard let sources = catalogs.first else {
            invocation.error("nothing to generate: no .tips files")
            return ExitCode.usage
        }

        // Diagnostics go to standard error so that standard output can carry the Swift.
        let check = CatalogCheck([sources])
        let colored = invocation.wantsColor(color, onStandardError: true)
        invocation.stderr += DiagnosticRenderer.text(check.diagnostics, sources: check.sources, options: .init(colored: colored))
        guard let checked = check.checked.first, checked.result.diagnostics.errorCount == 0 else {
            invocation.error("\(output ?? "Swift") not written: the catalog has errors")
            return ExitCode.failure
        }
        // From the model just checked: the plugin's build step checks the catalog once.
        let relative = sources.relativeToCatalog()
        let compiled = checked.compile(catalogRelativePaths: true)
        guard let bytes = compiled.bytes else {
            invocation.stderr += DiagnosticRenderer.text(compiled.diagnostics.filter { $0.severity == .error },
                                                         sources: sources, options: .init(colored: colored))
            invocation.error("\(output ?? "Swift") not written")
            return ExitCode.failure
        }
        let swift: String
        do {
            swift = try SwiftGenerator(model: checked.model, bundle: bytes, sources: relative, options: options).generate()
        } catch {
            guard !error.diagnostics.isEmpty else {
                // Only the options can be at fault (an unusable --type-name).
                return invocation.usageError(UsageError(message: error.message), command: command)
            }
            // `relative` keeps `sources`' file ids: render with the paths as given.
            invocation.stderr += DiagnosticRenderer.text(error.diagnostics, sources: sources, options: .init(colored: colored))
            invocation.error("\(output ?? "Swift") not written: names clash in Swift")
            return ExitCode.failure
        }

        return OutputFile.writeIfChanged(swift, to: output, &invocation)
    }
}
