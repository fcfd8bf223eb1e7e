import TipsCommandLine
import TipsReplay

/// `tipc events export`: journals into the export form of effectiveness events (one JSON
/// object a line, Docs/events.md). The replay is `TipsReplay`'s; this finds the files and
/// writes the lines.
enum EventsCommand {
    static let command = Command(
        name: "events",
        summary: "Export the effectiveness events of journals as newline-delimited JSON.",
        usage: "tipc events export (--defs PATH | --bundle FILE) [--catalog NAME] [--catalog-version N] [--include-instance-ids] [--output FILE] JOURNAL...|FOLDER...",
        options: Definitions.options + ReplayInput.options + [
            .init(name: "--include-instance-ids", help: "Name reusable instances by their ids (the app's argument values), not by a hash"),
            .init(name: "--output", value: "FILE", help: "Write the events to FILE (default: standard output)"),
        ],
        details: """
            Replays each journal (a folder: its *.jsonl files, one device each) through the \\
            runtime with the catalog it ran, and writes the events its store makes, exactly as \\
            an app's sink receives them: schema 1 (2 for the newer suppression reasons), no payload values, instances hashed unless \\
            --include-instance-ids (Docs/events.md, Docs/report.md). A damaged line is \\
            reported as FILE:LINE, skipped, and the exit status is 1.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            guard let action = arguments.positionals.first else { throw UsageError(message: "missing action (expected export)") }
            guard action == "export" else { throw UsageError(message: "unknown action '\(action)' (expected export)") }
        } catch {
            return invocation.usageError(error, command: command)
        }
        let input: ReplayInput
        do throws(Definitions.Exit) {
            guard let definitions = try Definitions.load(arguments, command: command, &invocation) else {
                return invocation.usageError(UsageError(message: "give the catalog the journals ran: --defs PATH or --bundle FILE"),
                                             command: command)
            }
            input = try ReplayInput.make(definitions, arguments, command: command,
                                         includesInstanceIDs: arguments.flags.contains("--include-instance-ids"),
                                         paths: Array(arguments.positionals.dropFirst()), &invocation)
        } catch {
            return error.status
        }
        let output: OutputFile
        do throws(OutputFile.Failure) {
            output = try OutputFile(arguments.values["--output"] ?? "-")
        } catch {
            invocation.error("cannot write \(error.path): \(error.reason)")
            return ExitCode.usage
        }
        var bytes: [UInt8] = []
        var problems = 0
        for file in input.files {
            let outcome = input.replay.replay(journalAt: file) { batch in
                for event in batch {
                    bytes.append(contentsOf: event.json.utf8)
                    bytes.append(0x0A)
                }
            }
            for problem in outcome.problems {
                invocation.stderr += "\(problem.source):\(problem.line): error: \(problem.reason)\n"
            }
            problems += outcome.problems.count
        }
        do throws(OutputFile.Failure) {
            try output.write(bytes, &invocation)
        } catch {
            invocation.error("cannot write \(error.path): \(error.reason)")
            return ExitCode.failure
        }
        return problems == 0 ? ExitCode.success : ExitCode.failure
    }
}
