import TipsBytecode
import TipsCheck
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsSource

/// `tipc compile`: check one catalog exactly as `tipc check` does and, when it has no
/// errors, write its verified bytecode bundle.
enum CompileCommand {
    static let command = Command(
        name: "compile",
        summary: "Compile one catalog into a verified bytecode bundle.",
        usage: "tipc compile [--format text|json|github|sarif] [--strict] [--color auto|always|never] "
            + "[--include-testing-overrides] [PATH...] -o FILE",
        options: [
            .init(name: "-o", value: "FILE", help: "Write the bundle to FILE (required; a regular file is replaced atomically; - is standard output)"),
            .init(name: "--format", value: "text|json|github|sarif",
                  help: "Diagnostics format, as for 'tipc check' (default text)"),
            .init(name: "--strict", value: nil, help: "Treat warnings as errors: no bundle, exit 1"),
            .init(name: "--color", value: "auto|always|never",
                  help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set)"),
            .init(name: "--include-testing-overrides", value: nil,
                  help: "Ask for the catalog's testing { } blocks in the bundle (bundle format 1 cannot hold them: refused)"),
        ],
        details: """
            PATHs are found and checked exactly as by 'tipc check' (default: the current
            directory) and must make up one catalog: a folder of several catalogs is a usage
            error, compile each on its own. Diagnostics and the summary line are printed as by
            'tipc check'; with errors (or warnings under --strict) nothing is written. The
            bundle replaces a regular FILE atomically (a reader sees the old file or the new
            one; through a symbolic link, the link's target is replaced and the link kept).
            A FIFO or character device is written directly and never replaced; a directory
            is refused. -o - (or a FILE that is standard output, like /dev/stdout) writes
            the bundle to standard output and nothing else goes there: the report and the
            'wrote' line go to standard error.
            testing { } blocks are never compiled.
            Exit status: 0 bundle written, 1 errors (or warnings with --strict),
            2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: CheckCommand.Format
        let color: ColorMode
        let arguments: ParsedArguments
        let output: String
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: CheckCommand.Format.text)
            color = try arguments.choice("--color", default: ColorMode.auto)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let path = arguments.values["-o"], !path.isEmpty else {
                throw UsageError(message: "missing output file: give -o FILE")
            }
            output = path
        } catch {
            return invocation.usageError(error, command: command)
        }

        guard let catalogs = invocation.loadCatalogs(arguments) else { return ExitCode.usage }
        guard catalogs.count <= 1 else {
            // Each catalog is its own namespace and gives its own bundle; merging them would
            // change meaning, and picking one silently would drop the others.
            let roots = catalogs.map { $0.files.first.map { directory(of: $0.path) } ?? "?" }
            return invocation.usageError(UsageError(message:
                "\(catalogs.count) catalogs found (\(roots.joined(separator: ", "))); "
                    + "tipc compile writes one bundle per catalog: compile each on its own"), command: command)
        }
        guard let sources = catalogs.first else {
            invocation.error("nothing to compile: no .tips files")
            return ExitCode.usage
        }

        let report = CheckCommand.report(catalogs, arguments, format: format, color: color, &invocation)
        guard !report.failed, let checked = report.checked.first else {
            invocation.error("\(output) not written: the catalog has "
                + (report.checked.first.map { $0.result.diagnostics.errorCount > 0 } ?? true ? "errors" : "warnings (--strict)"))
            return ExitCode.failure
        }
        if arguments.flags.contains("--include-testing-overrides") && !checked.model.testingOverrides.isEmpty {
            invocation.error("\(output) not written: bundle format \(BundleFormat.version) has no section for "
                + "testing overrides; give them to the runtime instead (TIPS_SHOW, TIPS_HIDE, TIPS_SHOW_ALL, TIPS_HIDE_ALL)")
            return ExitCode.failure
        }

        // Compiled from the model the report's check produced (no second check). The bundle
        // names files relative to the catalog's directory, so the same catalog gives the same
        // bytes wherever it is checked out (ids are unchanged: diagnostics still render
        // against `sources`, with the paths the user typed).
        let compiled = checked.compile(catalogRelativePaths: true)
        guard let bytes = compiled.bytes else {
            let internalErrors = compiled.diagnostics.filter { $0.severity == .error }
            invocation.stderr += DiagnosticRenderer.text(internalErrors, sources: sources,
                                                         options: .init(colored: invocation.wantsColor(color, onStandardError: true)))
            invocation.error("\(output) not written")
            return ExitCode.failure
        }
        do throws(OutputFile.Failure) {
            let destination = try OutputFile(output)
            // Standard output as the output: it carries the bundle alone, and the report
            // (this line too) goes to standard error.
            try destination.write(bytes, &invocation)
            if format != .json, format != .sarif {
                let bundle = compiled.bundle
                destination.report("wrote \(output == "-" ? "standard output" : output): \(bundle?.tips.count ?? 0) tips, "
                    + "\(bundle?.programs.count ?? 0) programs, \(bytes.count) bytes\n", &invocation)
            }
        } catch {
            invocation.error("cannot write \(output): \(error.reason)")
            return ExitCode.usage
        }
        return ExitCode.success
    }

    /// The directory part of `path` (`.` for a bare name), naming a catalog in messages.
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
