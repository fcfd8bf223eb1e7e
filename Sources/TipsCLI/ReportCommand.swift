import Foundation
import TipsCommandLine
import TipsReplay
import TipsReport

/// `tipc report`: per-tip, per-variant effectiveness figures from exported events. The
/// figures are `TipsReport`'s; this only finds the files and prints.
enum ReportCommand {
    static let command = Command(
        name: "report",
        summary: "Report how tips did, from exported effectiveness events or from journals.",
        usage: "tipc report [--format text|json|csv|html] [PATH...]"
            + "\n       tipc report (--defs PATH | --bundle FILE) [--catalog NAME] [--catalog-version N] [--format ...] JOURNAL...|FOLDER...",
        options: [
            .init(name: "--format", value: "text|json|csv|html", help: "Output format (default: text)"),
        ] + Definitions.options + ReplayInput.options,
        details: """
            Reads newline-delimited JSON events (Docs/events.md): files, folders of *.ndjson \
            and *.jsonl files, or '-' (the default) for standard input. Events with \
            testing: true are not counted; an event read twice counts once (Docs/report.md).
            With --defs or --bundle the paths are journals (a folder: its *.jsonl files, one \
            device each), replayed one at a time through the runtime with the catalog they \
            ran, and their events counted by the same rules; a damaged line is reported as \
            FILE:LINE, skipped, and the exit status is 1.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: String
        let paths: [String]
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            format = arguments.values["--format"] ?? "text"
            guard ["text", "json", "csv", "html"].contains(format) else {
                throw UsageError(message: "unknown format '\(format)' (expected text, json, csv or html)")
            }
            paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        } catch {
            return invocation.usageError(error, command: command)
        }
        do throws(Definitions.Exit) {
            if let definitions = try Definitions.load(arguments, command: command, &invocation) {
                let input = try ReplayInput.make(definitions, arguments, command: command, paths: arguments.positionals, &invocation)
                var reader = JournalReportReader(replay: input.replay)
                for file in input.files { reader.read(journalAt: file) }
                return print(reader.aggregator.report, problems: reader.problems, format: format, &invocation)
            }
        } catch {
            return error.status
        }
        if arguments.values["--catalog"] != nil || arguments.values["--catalog-version"] != nil {
            return invocation.usageError(UsageError(message: "--catalog and --catalog-version name the catalog of replayed journals: "
                                                    + "give --defs or --bundle too"), command: command)
        }
        var reader = EventStreamReader()
        for path in paths {
            if path == "-" {
                reader.read(FileHandle.standardInput, source: "<stdin>")
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                invocation.error("\(path): no such file or folder")
                return ExitCode.usage
            }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                    .filter { $0.hasSuffix(".ndjson") || $0.hasSuffix(".jsonl") }.sorted()
                    .map { (path as NSString).appendingPathComponent($0) }
                : [path]
            for file in files {
                guard let handle = FileHandle(forReadingAtPath: file) else {
                    invocation.error("\(file): cannot be read")
                    return ExitCode.usage
                }
                reader.read(handle, source: file)
                try? handle.close()
            }
        }
        return print(reader.aggregator.report, problems: reader.problems, format: format, &invocation)
    }

    /// Prints the problems, then `report` in `format`; 1 when there were problems.
    static func print(_ report: Report, problems: [EventStreamReader.Problem], format: String,
                      _ invocation: inout Invocation) -> Int32 {
        for problem in problems {
            invocation.stderr += "\(problem.source):\(problem.line): error: \(problem.reason)\n"
        }
        switch format {
        case "json": invocation.stdout += report.json.rendered(pretty: true) + "\n"
        case "csv": invocation.stdout += report.csv
        case "html": invocation.stdout += report.html
        default: invocation.stdout += report.text
        }
        return problems.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
