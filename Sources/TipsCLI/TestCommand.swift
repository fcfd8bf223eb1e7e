import TipsCommandLine
import TipsDriver
import TipsScenario
import TipsSource

/// `tipc test`: run the scenario files (`*.scenario`) under the paths, each against the
/// catalog it sits in, print every failure as a diagnostic and a summary; optionally draw
/// one scenario's timeline as SVG.
enum TestCommand {
    static let command = Command(
        name: "test",
        summary: "Run scenario tests (*.scenario files) against their catalogs.",
        usage: "tipc test [--format text|json|github|sarif] [--scenario NAME] [--timeline OUT.svg] [--color auto|always|never] [PATH...]",
        options: [
            .init(name: "--format", value: "text|json|github|sarif",
                  help: "Output format (default text; github prints Actions annotations)"),
            .init(name: "--scenario", value: "NAME", help: "Run only the scenarios with this title"),
            .init(name: "--timeline", value: "OUT.svg",
                  help: "Draw the scenario run as an SVG timeline (needs one scenario; - is standard output)"),
            .init(name: "--color", value: "auto|always|never",
                  help: "Colour text output (default auto: on a terminal, unless NO_COLOR is set)"),
        ],
        details: """
            PATHs are directories (searched recursively for *.scenario files) or scenario files
            (default: the current directory). Each file runs against its catalog: the nearest
            directory, from the file's own up, that holds .tips files. Every scenario starts from
            a fresh store. Failures print as file:line:col diagnostics; the last line is
            'tested N scenarios in F files: P passed, X failed'. See Docs/testing.md.
            Exit status: 0 all passed, 1 a scenario failed or a file has errors, 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: CheckCommand.Format
        let color: ColorMode
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: CheckCommand.Format.text)
            color = try arguments.choice("--color", default: ColorMode.auto)
        } catch {
            return invocation.usageError(error, command: command)
        }
        if arguments.wantsHelp {
            invocation.stdout += command.helpText
            return ExitCode.success
        }
        // Looked at before anything runs: a directory or a missing folder is refused at once.
        var timeline: OutputFile?
        if let out = arguments.values["--timeline"] {
            do throws(OutputFile.Failure) {
                timeline = try OutputFile(out)
            } catch {
                invocation.error("cannot write \(out): \(error.reason)")
                return ExitCode.usage
            }
        }
        let found = ScenarioFinder.find(arguments.positionals)
        guard found.failures.isEmpty else {
            for failure in found.failures { invocation.error(failure) }
            return ExitCode.usage
        }
        if found.inputs.isEmpty {
            let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
            invocation.warning("no .scenario files found in \(paths.joined(separator: ", "))")
        }
        let only = arguments.values["--scenario"]
        let report = ScenarioSuite.run(found.inputs, only: only)
        if let only, report.scenarios == 0 {
            invocation.error("no scenario named '\(only)'")
            return ExitCode.usage
        }
        if let timeline {
            guard report.outcomes.count == 1, let outcome = report.outcomes.first?.outcome else {
                let names = report.outcomes.map { "'\($0.outcome.name)'" }.prefix(5).joined(separator: ", ")
                return invocation.usageError(UsageError(message: "--timeline draws one scenario, but \(report.outcomes.count) ran"
                    + (names.isEmpty ? "" : " (\(names)\(report.outcomes.count > 5 ? ", ..." : ""))") + "; pick one with --scenario NAME"),
                    command: command)
            }
            do throws(OutputFile.Failure) {
                try timeline.write(Array(TimelineSVG.render(outcome.timeline).utf8), &invocation)
            } catch {
                invocation.error("cannot write \(timeline.path): \(error.reason)")
                return ExitCode.usage
            }
        }
        let diagnostics = report.diagnostics
        // With the timeline on standard output, the report goes to standard error.
        var text = ""
        switch format {
        case .text:
            let onStandardError = timeline?.isStandardOutput ?? false
            let options = DiagnosticRenderer.Options(colored: invocation.wantsColor(color, onStandardError: onStandardError))
            text += DiagnosticRenderer.text(diagnostics, sources: report.sources, options: options)
            text += report.line + "\n"
        case .json:
            text += DiagnosticRenderer.json(diagnostics, sources: report.sources, summary: [
                ("files", .int(report.files)), ("scenarios", .int(report.scenarios)), ("passed", .int(report.passed)),
                ("failed", .int(report.failed)), ("errors", .int(diagnostics.errorCount)),
                ("warnings", .int(diagnostics.warningCount)),
            ])
        case .github:
            text += DiagnosticRenderer.github(diagnostics, sources: report.sources)
            text += report.line + "\n"
        case .sarif:
            text += DiagnosticRenderer.sarif(diagnostics, sources: report.sources,
                                             tool: .init(name: "tipc", version: Tipc.version))
        }
        if let timeline { timeline.report(text, &invocation) } else { invocation.stdout += text }
        return report.succeeded ? ExitCode.success : ExitCode.failure
    }
}
