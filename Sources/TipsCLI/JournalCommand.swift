#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TipsCommandLine
import TipsJournal
import TipsRuntime
import TipsTime

/// `tipc journal FILE ACTION`: read, check and compact a state journal, and append
/// records by hand (donations, parameter values, presentations, invalidations).
enum JournalCommand {
    static let command = Command(
        name: "journal",
        summary: "Show, verify or compact a state journal, or append a record to it by hand.",
        usage: "tipc journal FILE (show | verify | compact | donate EVENT [FIELD=VALUE...] | set PARAM VALUE | display TIP begin|end | invalidate TIP REASON) [--at ISO-8601] [--defs PATH | --bundle FILE]"
            + "\n       tipc journal merge A B [C...] -o OUT",
        options: [
            .init(name: "--at", value: "ISO-8601", help: "The record's instant (default: now); for compact, the instant maxAge counts from"),
            .init(name: "-o", value: "OUT", help: "merge: the journal to merge into (under its lock, replaced atomically)"),
        ] + Definitions.options,
        details: """
            show      list every record: sequence number, time (ISO-8601, UTC) and what it says
            verify    report torn and corrupted lines by line number (exit 1 if any); never writes
            compact   rewrite the journal as a snapshot, atomically, and print the sizes; with
                      definitions, donations beyond each event's limit or maxAge are dropped
            donate EVENT [FIELD=VALUE...]   set PARAM VALUE
            display TIP begin|end           invalidate TIP REASON
                      append one record and print 'ok' once it is durable (written and fsynced);
                      the journal is created if missing. REASON is actionPerformed,
                      displayCountExceeded, displayDurationExceeded or tipClosed.
            merge A B [C...] -o OUT
                      merge the journals of several devices (or processes) into the
                      journal OUT: parameters last-writer-wins, donations as a set, display
                      counters by maximum, invalidation wins (Docs/sync.md); the order of
                      the inputs does not matter. What OUT holds is merged in too, under
                      its lock, so a process writing OUT meanwhile loses nothing; OUT keeps
                      its header, mode and owner (as after a compaction). OUT must be a
                      journal or nothing yet: -, FIFOs, devices and other files are refused
            With --defs or --bundle, names and values are checked against the definitions;
            without, value types come from their spelling: true/false, 3, -2.5, "text",
            2026-01-08T09:00:00Z (a date), .case (an enum case), [a, "b c"] (a set of
            strings), nil. Write '--' before a value that starts with '-' (set delta -- -3).
            Exit status: 0 success, 1 a corrupted journal (verify) or a file that is not a
            journal, definitions with errors or an invalid bundle, 2 usage, bad values or I/O.
            """,
        run: run)

    /// The actions, in the order the usage line lists them.
    static let actions = ["show", "verify", "compact", "donate", "set", "display", "invalidate"]

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
        } catch {
            var e = error
            if invocation.arguments.contains(where: { $0.count > 1 && $0.hasPrefix("-") && ($0.dropFirst().first?.isNumber ?? false) }) {
                e.message += "; write '--' before a value that starts with '-'"
            }
            return invocation.usageError(e, command: command)
        }
        if arguments.wantsHelp {
            invocation.stdout += command.helpText
            return ExitCode.success
        }
        if arguments.positionals.first == "merge" {
            do throws(Definitions.Exit) {
                return try merge(Array(arguments.positionals.dropFirst()), output: arguments.values["-o"],
                                 at: try instant(arguments, &invocation), &invocation)
            } catch {
                return error.status
            }
        }
        guard arguments.positionals.count >= 2 else {
            let message = arguments.positionals.isEmpty ? "missing journal FILE" : "missing action after \(arguments.positionals[0])"
            return invocation.usageError(UsageError(message: message + " (one of \(actions.joined(separator: ", ")))"), command: command)
        }
        let path = arguments.positionals[0], action = arguments.positionals[1]
        let rest = Array(arguments.positionals.dropFirst(2))
        do throws(Definitions.Exit) {
            switch action {
            case "show": try expectNothing(rest, after: action, &invocation); return try show(path, &invocation)
            case "verify": try expectNothing(rest, after: action, &invocation); return try verify(path, &invocation)
            case "compact":
                try expectNothing(rest, after: action, &invocation)
                return try compact(path, at: try instant(arguments, &invocation),
                                   definitions: try Definitions.load(arguments, command: command, &invocation), &invocation)
            case "donate", "set", "display", "invalidate":
                let at = try instant(arguments, &invocation)
                let definitions = try Definitions.load(arguments, command: command, &invocation)
                let record = try Mutation(definitions: definitions).record(action, rest, at: at, &invocation)
                // A donation fires the definitions' `invalidate when` triggers, as in the app.
                guard case .donate(let event, _, let payload) = record, let definitions else {
                    return try append(record, to: path, &invocation)
                }
                return try append(record, to: path, following: { state in
                    TipStore.triggeredInvalidations(of: event, payload: payload, at: at, bundle: definitions.verified, state: state)
                }, &invocation)
            default:
                var message = "unknown action '\(action)'"
                if let guess = CommandSuggestion.closest(to: action, among: actions) { message += "; did you mean '\(guess)'?" }
                throw Definitions.Exit(status: invocation.usageError(UsageError(message: message), command: command))
            }
        } catch {
            return error.status
        }
    }

    static func expectNothing(_ rest: [String], after action: String, _ invocation: inout Invocation) throws(Definitions.Exit) {
        guard let extra = rest.first else { return }
        throw Definitions.Exit(status: invocation.usageError(UsageError(message: "unexpected argument '\(extra)' after '\(action)'"), command: command))
    }

    /// `--at`, or now.
    static func instant(_ arguments: ParsedArguments, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int64 {
        guard let text = arguments.values["--at"] else { return JournalCommand.now() }
        guard let at = ISO8601.parse(text) else {
            let message = "invalid instant '\(text)' for --at; expected ISO-8601 such as 2026-01-08T09:00:00Z"
            throw Definitions.Exit(status: invocation.usageError(UsageError(message: message), command: command))
        }
        return at
    }

    /// The wall clock in ms since the epoch.
    static func now() -> Int64 { SystemClock().now() }

    /// Prints a journal failure about `path` (the file the user named, even when the
    /// journal code saw a copy) and the exit to take: 1 for a file that is not a journal
    /// this build reads, 2 for I/O.
    static func fail(_ error: JournalError, path: String, _ invocation: inout Invocation) -> Definitions.Exit {
        switch error.kind {
        case .invalidHeader:
            invocation.error("\(path): not a tips journal: \(error.detail)")
            return Definitions.Exit(status: ExitCode.failure)
        case .unsupportedVersion(let v):
            invocation.error("\(path): unsupported journal version \(v)")
            return Definitions.Exit(status: ExitCode.failure)
        case .notRegularFile:
            invocation.error("cannot open \(path): not a regular file: \(error.detail)")
            return Definitions.Exit(status: ExitCode.usage)
        case .io where error.errno == ENOENT:
            invocation.error("no such file or directory: \(path)")
            return Definitions.Exit(status: ExitCode.usage)
        default:
            invocation.error(error.description)
            return Definitions.Exit(status: ExitCode.usage)
        }
    }
}
