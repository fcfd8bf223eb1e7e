import TipsCommandLine
import TipsDriver
import TipsSource
import TipsSyntax

/// `tipc fmt`: print, check or rewrite files in the one canonical layout.
enum FormatCommand {
    static let command = Command(
        name: "fmt",
        summary: "Format .tips files in the canonical layout (comments kept).",
        usage: "tipc fmt [--check | --write] [--color auto|always|never] [PATH...]",
        options: [
            .init(name: "--check", value: nil,
                  help: "List files whose formatting would change, one per line; exit 1 if any"),
            .init(name: "--write", value: nil, help: "Rewrite files whose formatting changes (atomically)"),
            .init(name: "--color", value: "auto|always|never", help: "Colour diagnostics on standard error"),
        ],
        details: """
            Without --check or --write, prints the formatted text of exactly one file to
            standard output (several files are an error: use --check or --write). PATHs are
            files or directories searched recursively (default: the current directory). A
            file with syntax errors is never formatted: its diagnostics go to standard error
            and the exit status is 1. --write lists the files it rewrote.
            Exit status: 0 done (nothing to change under --check), 1 files to reformat or
            syntax errors, 2 usage or I/O error.
            """,
        run: run)

    private enum Mode { case print, check, write }

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let color: ColorMode
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            color = try arguments.choice("--color", default: ColorMode.auto)
            if arguments.flags.contains("--check") && arguments.flags.contains("--write") {
                throw UsageError(message: "--check and --write cannot be used together")
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        if arguments.wantsHelp {
            invocation.stdout += command.helpText
            return ExitCode.success
        }
        let mode: Mode = arguments.flags.contains("--check") ? .check
            : arguments.flags.contains("--write") ? .write : .print

        let loaded = CatalogLoader.load(arguments.positionals)
        guard loaded.failures.isEmpty else {
            for failure in loaded.failures { invocation.error(failure.message) }
            return ExitCode.usage
        }
        let count = loaded.files.count
        if mode == .print && count != 1 {
            if count == 0 {
                invocation.error("no .tips files found")
            } else {
                invocation.error("fmt prints one file, but \(count) were found; "
                                 + "use --check to list or --write to rewrite several")
            }
            return ExitCode.usage
        }

        let options = DiagnosticRenderer.Options(colored: invocation.wantsColor(color, onStandardError: true))
        var status = ExitCode.success
        for sources in loaded.catalogs {
            status = max(status, format(sources, mode: mode, options: options, &invocation))
        }
        return status
    }

    /// Formats the files of one catalog; returns the worst status met.
    private static func format(_ sources: SourceSet, mode: Mode, options: DiagnosticRenderer.Options,
                               _ invocation: inout Invocation) -> Int32 {
        var status = ExitCode.success
        for file in sources.files {
            let parsed = Parser.parse(file)
            if parsed.diagnostics.errorCount > 0 {
                let diagnostics = parsed.diagnostics.sortedForOutput()
                invocation.stderr += DiagnosticRenderer.text(diagnostics, sources: sources, options: options)
                invocation.error("\(file.path) has syntax errors; not formatted")
                status = max(status, ExitCode.failure)
                continue
            }
            let formatted = Formatter.format(parsed.tree, source: file)
            let changed = Array(formatted.utf8) != file.bytes
            switch mode {
            case .print:
                invocation.stdout += formatted
            case .check:
                if changed {
                    invocation.stdout += file.path + "\n"
                    status = max(status, ExitCode.failure)
                }
            case .write:
                guard changed else { continue }
                do throws(OutputFile.Failure) {
                    try OutputFile(file.path).write(Array(formatted.utf8), &invocation)
                    invocation.stdout += file.path + "\n"
                } catch {
                    invocation.error("cannot write \(file.path): \(error.reason)")
                    status = ExitCode.usage
                }
            }
        }
        return status
    }
}
