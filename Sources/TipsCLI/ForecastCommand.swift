import TipsCommandLine
import TipsDriver
import TipsScenario
import TipsSource

/// `tipc forecast`: run a persona through a catalog day by day and print which tips show,
/// and why the others wait. The forecast is `TipsScenario`'s (`ForecastReport`); this reads
/// the files, picks the format and writes.
enum ForecastCommand {
    /// What the forecast prints as.
    enum Format: String, CaseIterable {
        case text, json, html
    }

    static let command = Command(
        name: "forecast",
        summary: "Forecast which tips a persona meets, day by day, and why the others wait.",
        usage: "tipc forecast [--defs DIR] [--days N] [--format text|json|html] [--emit-scenario FILE] PERSONA",
        options: [
            .init(name: "--defs", value: "DIR",
                  help: "The catalog (default: the nearest directory from the persona's up that holds .tips files)"),
            .init(name: "--days", value: "N", help: "Days to forecast, 1 to \(Persona.maxDays) (default: the persona's 'days' line)"),
            .init(name: "--format", value: "text|json|html", help: "Output format (default text; html is a self-contained page)"),
            .init(name: "--emit-scenario", value: "FILE",
                  help: "Also write the forecast as a scenario with each day's statuses as expect lines (- is standard output)"),
        ],
        details: """
            PERSONA is a .persona file (Docs/forecast.md): how one imagined user uses the app. \
            The forecast runs it through the real runtime with a simulated clock and reports \
            each tip's status at 23:59 UTC of every day; for each tip not shown, the reason \
            from the runtime's explanation (a rule and its failing clause, the display \
            frequency, its group, how it ended). 'tipc test' on the emitted scenario passes \
            exactly when the runtime agrees with the forecast.
            Exit status: 0 forecast printed, 1 the persona or the catalog has errors or a step failed, 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: Format
        let arguments: ParsedArguments
        var days: Int?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            format = try arguments.choice("--format", default: Format.text)
            if let n = try arguments.wholeNumber("--days", in: 1...UInt64(Persona.maxDays)) { days = Int(n) }
            guard arguments.positionals.count == 1 else {
                throw UsageError(message: arguments.positionals.isEmpty
                                 ? "missing PERSONA: the .persona file to forecast"
                                 : "one PERSONA at a time, got \(arguments.positionals.count)")
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let path = arguments.positionals[0]
        // Looked at before anything runs: a directory or a missing folder is refused at once.
        var emitted: OutputFile?
        if let out = arguments.values["--emit-scenario"] {
            do throws(OutputFile.Failure) { emitted = try OutputFile(out) } catch {
                invocation.error("cannot write \(out): \(error.reason)")
                return ExitCode.usage
            }
        }
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path, limit: FileSystem.Limit.scenario) } catch {
            invocation.error(error.isMissing ? "no such file: \(path)" : "cannot read \(path): \(error.reason)")
            return ExitCode.usage
        }
        guard let defs = arguments.values["--defs"] ?? ScenarioFinder.catalogDirectory(of: path) else {
            invocation.error("no catalog for \(path): no directory from its own up holds .tips files; name one with --defs DIR")
            return ExitCode.usage
        }
        let sources: SourceSet
        switch CatalogLoader.loadSingle(defs) {
        case .success(let s): sources = s
        case .failure(let failure):
            for message in failure.messages(for: defs) { invocation.error(message) }
            return ExitCode.usage
        }
        let report = ForecastReport.run(personaPath: path, bytes: bytes, catalog: (defs, sources), days: days)
        let problems = DiagnosticRenderer.text(report.diagnostics, sources: report.sources)
        if let forecast = report.forecast {
            if let emitted {
                do throws(OutputFile.Failure) {
                    try emitted.write(Array(forecast.emittedScenario.utf8), &invocation)
                } catch {
                    invocation.error("cannot write \(emitted.path): \(error.reason)")
                    return ExitCode.usage
                }
            }
            let text: String
            switch format {
            case .text: text = forecast.text
            case .json: text = forecast.json.rendered(pretty: true) + "\n"
            case .html: text = forecast.html
            }
            // With the scenario on standard output, the forecast goes to standard error.
            if let emitted { emitted.report(text, &invocation) } else { invocation.stdout += text }
        }
        invocation.stderr += problems
        return report.succeeded ? ExitCode.success : ExitCode.failure
    }
}
