import TipsCommandLine
import TipsDriver
import TipsPreview
import TipsSource

/// `tipc preview`: every tip as the user will see it, as one self-contained HTML page, and
/// browser measurements of that page turned into lints. The previews are `TipsPreview`'s
/// (`PreviewBuild`, `PreviewPage`, `PreviewLints`); this parses, reads and writes.
enum PreviewCommand {
    /// The output formats of `--diagnostics`.
    enum DiagnosticFormat: String, CaseIterable {
        case text, json, github
    }

    static let command = Command(
        name: "preview",
        summary: "Render every tip as the user will see it, as an HTML page; lint browser measurements of it.",
        usage: "tipc preview [--defs DIR] [--output FILE.html] [--png DIR] [--locale L]... [--width iphone|ipad|mac]... [--assets DIR]\n"
            + "       tipc preview --measurements FILE.json [--defs DIR] [--locale L]... [--width ...]... [--diagnostics text|json|github] [--strict]\n"
            + "       tipc preview --serve [--defs DIR] [--port N] [--open]",
        options: [
            .init(name: "--defs", value: "DIR", help: "The catalogs: every catalog under DIR, as 'tipc check' finds them (default .)"),
            .init(name: "--output", value: "FILE.html", help: "Where to write the page (default, and -: standard output; none with --measurements)"),
            .init(name: "--png", value: "DIR", help: "Also write one PNG screenshot per tip into DIR, taken by headless Chromium (TIPS_CHROMIUM, else chromium on PATH)"),
            .init(name: "--locale", value: "L", help: "A locale to render (repeatable; default: the source language and every translated one)"),
            .init(name: "--width", value: "iphone|ipad|mac", help: "A device width to render (repeatable; default all three)"),
            .init(name: "--assets", value: "DIR", help: "Where 'image asset \"NAME\"' files are: DIR/NAME.png (.jpg, .gif, .webp, .svg) or DIR/NAME.imageset/"),
            .init(name: "--source-language", value: "L", help: "The language of the default: texts (default en)"),
            .init(name: "--measurements", value: "FILE.json", help: "Lint a browser's measurements of the page (scripts/check-preview.sh makes them)"),
            .init(name: "--diagnostics", value: "text|json|github", help: "--measurements: the output format (default text)"),
            .init(name: "--strict", value: nil, help: "--measurements: fail (exit 1) on warnings too"),
            .init(name: "--color", value: "auto|always|never", help: "Colour text output (default auto)"),
            .init(name: "--serve", value: nil, help: "Serve the playground on 127.0.0.1 instead (tipc playground; takes --defs, --port, --open)"),
        ],
        details: """
            The page shows each tip in popover and inline presentation, light and dark, at the
            iPhone, iPad and Mac widths, at the default and the largest accessibility text
            size, in every locale the catalog's String Catalogs translate into: the content the
            runtime resolves for each platform, drawn from TipsUI's card model (Docs/preview.md).
            It holds no script and fetches nothing. With --measurements, the page is measured
            (by scripts/check-preview.sh in headless Chromium) and the measurements become
            lints at the texts' sources: W500 (truncated), W501 (wider than its box); an image
            file that does not read is E500.
            Exit status: 0 done, 1 catalog errors, E500, unmatched measurements (or warnings with --strict), 2 usage or I/O error.
            """,
        run: run)

    /// The options `--serve` passes on to the playground.
    static let serveOptions: Set<String> = ["--defs", "--port", "--open", "--help", "-h"]

    static func run(_ invocation: inout Invocation) -> Int32 {
        if invocation.arguments.contains("--serve") { return serve(&invocation) }
        let arguments: ParsedArguments
        let format: DiagnosticFormat
        let color: ColorMode
        let widths: [PreviewSetting.Width]
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            format = try arguments.choice("--diagnostics", default: DiagnosticFormat.text)
            color = try arguments.choice("--color", default: ColorMode.auto)
            if let extra = arguments.positionals.first {
                throw UsageError(message: "unexpected argument '\(DiagnosticRenderer.quoted(extra))'; name the catalogs with --defs DIR")
            }
            do throws(PreviewBuild.Failure) {
                widths = try PreviewBuild.widths(arguments.lists["--width"] ?? [])
            } catch {
                guard case .usage(let message) = error else { throw UsageError(message: "\(error)") }
                throw UsageError(message: message)
            }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let folder = arguments.values["--defs"] ?? "."
        let options = CatalogPreview.Options(locales: arguments.lists["--locale"] ?? [], widths: widths,
                                             assets: arguments.values["--assets"],
                                             sourceLanguage: arguments.values["--source-language"] ?? "en")
        let build: PreviewBuild
        do throws(PreviewBuild.Failure) {
            build = try PreviewBuild.make(folder: folder, options: options)
        } catch {
            switch error {
            case .usage(let message):
                return invocation.usageError(UsageError(message: message), command: command)
            case .input(let messages):
                for message in messages { invocation.error(message) }
                return ExitCode.usage
            case .catalog(let diagnostics, let sources):
                invocation.stderr += DiagnosticRenderer.text(diagnostics, sources: sources,
                                                             options: .init(colored: invocation.wantsColor(color, onStandardError: true)))
                invocation.error("the catalog has errors")
                return ExitCode.failure
            case .preview(let message):
                invocation.error(message)
                return ExitCode.failure
            }
        }
        var status = ExitCode.success
        for (diagnostics, sources) in build.diagnostics {
            invocation.stderr += DiagnosticRenderer.text(diagnostics, sources: sources,
                                                         options: .init(colored: invocation.wantsColor(color, onStandardError: true)))
            if diagnostics.errorCount > 0 { status = ExitCode.failure }
        }
        if let path = arguments.values["--measurements"] {
            status = max(status, lint(build, path: path, format: format, color: color, strict: arguments.flags.contains("--strict"),
                                      &invocation))
            if let output = arguments.values["--output"] {
                status = max(status, OutputFile.writeIfChanged(PreviewPage.html(build.previews), to: output, &invocation))
            }
            return status
        }
        if let folder = arguments.values["--png"] {
            guard let browser = PreviewScreenshots.browser(environment: invocation.environment) else {
                invocation.error("--png needs headless Chromium: install it (bash scripts/install-browser.sh) or name it in TIPS_CHROMIUM")
                return ExitCode.usage
            }
            do throws(PreviewScreenshots.Failure) {
                let written = try PreviewScreenshots.write(build.previews, to: folder, browser: browser)
                invocation.stderr += "wrote \(written.count) screenshot\(written.count == 1 ? "" : "s") into \(folder)\n"
            } catch {
                invocation.error(error.message)
                return ExitCode.usage
            }
            // The page goes to standard output only when asked for: the PNGs were the point.
            guard let output = arguments.values["--output"] else { return status }
            return max(status, OutputFile.writeIfChanged(PreviewPage.html(build.previews), to: output, &invocation))
        }
        return max(status, OutputFile.writeIfChanged(PreviewPage.html(build.previews), to: arguments.values["--output"], &invocation))
    }

    private static func lint(_ build: PreviewBuild, path: String, format: DiagnosticFormat, color: ColorMode, strict: Bool,
                             _ invocation: inout Invocation) -> Int32 {
        let measurements: PreviewMeasurements
        do {
            let bytes = try FileSystem.readFile(path, limit: PreviewMeasurements.limit)
            do throws(PreviewMeasurements.Failure) {
                measurements = try PreviewMeasurements.parse(bytes)
            } catch {
                invocation.error("\(path): \(error.message)")
                return ExitCode.usage
            }
        } catch {
            invocation.error(error.isMissing ? "no such file: \(path)" : "cannot read \(path): \(error.reason)")
            return ExitCode.usage
        }
        var warnings = 0
        var unmatched: [String] = []
        for preview in build.previews {
            let result = PreviewLints.lint(measurements, preview)
            unmatched += result.unmatched
            warnings += result.diagnostics.warningCount
            switch format {
            case .text:
                invocation.stdout += DiagnosticRenderer.text(result.diagnostics, sources: preview.sources,
                                                             options: .init(colored: invocation.wantsColor(color)))
            case .json:
                invocation.stdout += DiagnosticRenderer.json(result.diagnostics, sources: preview.sources,
                                                             summary: [("catalog", .string(preview.name)), ("warnings", .int(result.diagnostics.warningCount))])
            case .github:
                invocation.stdout += DiagnosticRenderer.github(result.diagnostics, sources: preview.sources)
            }
        }
        let names = Set(build.previews.map(\.name))
        let foreign = measurements.measurements.filter { !names.contains($0.catalog) }.count
        if format == .text {
            invocation.stdout += "linted \(measurements.measurements.count - foreign) measurement\(measurements.measurements.count - foreign == 1 ? "" : "s") "
                + "of \(build.previews.count) catalog\(build.previews.count == 1 ? "" : "s"); \(warnings) warning\(warnings == 1 ? "" : "s")\n"
        }
        if !unmatched.isEmpty || foreign > 0 {
            let first = unmatched.first ?? "catalog '\(measurements.measurements.first { !names.contains($0.catalog) }?.catalog ?? "")'"
            invocation.error("\(unmatched.count + foreign) measurement\(unmatched.count + foreign == 1 ? "" : "s") of \(path) name nothing "
                + "this preview renders (measured from another page?); the first: \(first)")
            return ExitCode.failure
        }
        return strict && warnings > 0 ? ExitCode.failure : ExitCode.success
    }

    /// `tipc preview --serve`: the playground (`tipc playground`), which takes only its own
    /// options; a page option next to it is refused rather than ignored.
    static func serve(_ invocation: inout Invocation) -> Int32 {
        var rest = invocation.arguments
        rest.removeAll { $0 == "--serve" }
        var expectsValue = false
        for argument in rest {
            defer { expectsValue = !expectsValue && (argument == "--defs" || argument == "--port") }
            guard !expectsValue, argument.hasPrefix("-") else { continue }
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if !serveOptions.contains(name) {
                return invocation.usageError(UsageError(message: "'--serve' runs the playground, which takes --defs, --port and --open; "
                                                        + "'\(DiagnosticRenderer.quoted(name))' renders a page: run 'tipc preview' without --serve for it"),
                                             command: command)
            }
        }
        invocation.arguments = rest
        return PlaygroundCommand.run(&invocation)
    }
}
