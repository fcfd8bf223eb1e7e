import TipsCheck
import TipsCommandLine
import TipsDriver
import TipsSource

/// `tipc check`: parse and check a whole catalog, print its diagnostics and a summary.
enum CheckCommand {
    /// The output formats of `--format`.
    enum Format: String, CaseIterable {
        case text, json, github, sarif
    }

    static let command = Command(
        name: "check",
        summary: "Check a catalog: parse every .tips file, resolve names, check types, run the lints.",
        usage: "tipc check [--format text|json|github|sarif] [--strict] [--color auto|always|never] [PATH...]",
        options: [
            .init(name: "--format", value: "text|json|github|sarif",
                  help: "Output format (default text; github prints Actions annotations; sarif is SARIF 2.1.0)"),
            .init(name: "--strict", value: nil, help: "Fail (exit 1) on warnings too"),
            .init(name: "--color", value: "auto|always|never",
                  help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set)"),
        ],
        details: """
            PATHs are directories or .tips files (default: the current directory). A directory
            holding .tips files is one catalog (with every .tips file below it); a directory
            holding none is a folder of catalogs, each subdirectory checked on its own. Files
            named explicitly form one catalog together. The String Catalogs (*.xcstrings) in a
            catalog's folder are its translations, checked against it (E600, E601, W600-W603;
            see 'tipc help strings'). The last line is
            'checked F files: T tips, E events, P parameters, G groups; X errors, Y warnings'.
            Exit status: 0 no errors, 1 errors (or warnings with --strict), 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: Format
        let color: ColorMode
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: Format.text)
            color = try arguments.choice("--color", default: ColorMode.auto)
        } catch {
            return invocation.usageError(error, command: command)
        }
        if arguments.wantsHelp {
            invocation.stdout += command.helpText
            return ExitCode.success
        }

        guard let catalogs = invocation.loadCatalogs(arguments) else { return ExitCode.usage }
        return report(catalogs, arguments, format: format, color: color, translations: true, &invocation).failed
            ? ExitCode.failure : ExitCode.success
    }

    /// What ``report(_:_:format:color:translations:_:)`` found.
    struct Report {
        /// Each catalog loaded, checked once.
        var checked: [CheckedCatalog]
        /// Errors, or warnings under `--strict`: the exit status is 1.
        var failed: Bool
    }

    /// Checks `catalogs` and prints their diagnostics and the summary in `format`: what
    /// `tipc check` reports, shared with `tipc compile`. With `translations` (`tipc check`),
    /// the String Catalogs beside each catalog are checked too.
    static func report(_ catalogs: [SourceSet], _ arguments: ParsedArguments, format: Format, color: ColorMode,
                       translations: Bool = false, _ invocation: inout Invocation) -> Report {
        let check = CatalogCheck(catalogs, translations: translations)
        let summary = check.summary
        switch format {
        case .text:
            let options = DiagnosticRenderer.Options(colored: invocation.wantsColor(color))
            invocation.stdout += DiagnosticRenderer.text(check.diagnostics, sources: check.sources, options: options)
            invocation.stdout += summary.line + "\n"
        case .json:
            invocation.stdout += DiagnosticRenderer.json(check.diagnostics, sources: check.sources,
                                                         summary: summary.jsonMembers)
        case .github:
            invocation.stdout += DiagnosticRenderer.github(check.diagnostics, sources: check.sources)
            invocation.stdout += summary.line + "\n"
        case .sarif:
            invocation.stdout += DiagnosticRenderer.sarif(check.diagnostics, sources: check.sources,
                                                          tool: .init(name: "tipc", version: Tipc.version))
        }
        let failed = summary.errors > 0 || (arguments.flags.contains("--strict") && summary.warnings > 0)
        return Report(checked: check.checked, failed: failed)
    }
}
