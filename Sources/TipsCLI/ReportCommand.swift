import Foundation
import TipsCommandLine
import TipsReport

/// `tipc report`: per-tip, per-variant effectiveness figures from exported events. The
/// figures are `TipsReport`'s; this only finds the files and prints.
enum ReportCommand {
    static let command = Command(
        name: "report",
        summary: "Report how tips did, from exported effectiveness events.",
        usage: "tipc report [--format text|json|csv|html] [PATH...]",
        options: [
            .init(name: "--format", value: "text|json|csv|html", help: "Output format (default: text)"),
        ],
        details: """
            Reads newline-delimited JSON events (Docs/events.md): files, folders of *.ndjson \
            and *.jsonl files, or '-' (the default) for standard input. Events with \
            testing: true are not counted; an event read twice counts once (Docs/report.md).
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let format: String
        let paths: [String]
        do throws(UsageError) {
            let arguments = try command.parse(invocation.arguments)
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
        for problem in reader.problems {
            invocation.stderr += "\(problem.source):\(problem.line): error: \(problem.reason)\n"
        }
        let report = reader.aggregator.report
        switch format {
        case "json": invocation.stdout += report.json.rendered(pretty: true) + "\n"
        case "csv": invocation.stdout += report.csv
        case "html": invocation.stdout += report.html
        default: invocation.stdout += report.text
        }
        return reader.problems.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
