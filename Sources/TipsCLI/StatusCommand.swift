import Foundation
import TipsBytecode
import TipsCommandLine
import TipsJournal
import TipsRuntime
import TipsTime

/// `tipc status`: every tip's status and each group's current tip, as the runtime would
/// compute them from the definitions and a journal at one instant. Read-only: the journal
/// is copied and the runtime opens the copy, so nothing the runtime does on open (cutting
/// a torn tail, ending a presentation left open) ever touches the real file.
enum StatusCommand {
    enum Format: String, CaseIterable {
        case text, json
    }

    static let command = Command(
        name: "status",
        summary: "Show every tip's status and each group's current tip, from definitions and a journal.",
        usage: "tipc status (--defs PATH | --bundle FILE) --journal FILE [--at ISO-8601] [--time-zone ID] [--install-id ID] [--format text|json]",
        options: Definitions.options + [
            .init(name: "--journal", value: "FILE", help: "The state journal (read only; a missing file is an empty state)"),
            .init(name: "--at", value: "ISO-8601", help: "Evaluate at this instant (default: now), e.g. 2026-01-08T09:00:00Z"),
            .init(name: JournalAsOf.allRecordsFlag, value: nil,
                  help: "With --at, replay every record, also those dated later (default: the journal as of --at)"),
            .init(name: "--time-zone", value: "ID",
                  help: "The device's time zone for the local calendar in rules (default UTC), e.g. Europe/Berlin"),
            InstallIdentifierOption.option,
            .init(name: "--format", value: "text|json", help: "Output format (default text)"),
        ],
        details: """
            Replays the journal as the runtime does when it opens (a torn last line is ignored,
            corrupted lines are skipped, a presentation left open is ended at its start) and
            evaluates every tip at the --at instant, with the journal as it stood then: records
            dated later are left out (--all-records keeps them; donations dated later then
            count in totals, as donations after 'now' do). Testing overrides (TIPS_SHOW,
            TIPS_HIDE, TIPS_SHOW_ALL, TIPS_HIDE_ALL) are read from the environment, as the
            runtime reads them. Experiments bucket the journal's install identifier, or
            --install-id's (the app's own). Reusable tip instances found in the journal are listed by id.
            The journal is never written.
            Exit status: 0 success, 1 definitions with errors, an invalid bundle or a file that
            is not a journal, 2 usage or I/O error.
            """,
        run: run)

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let format: Format
        let installID: String?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: Format.text)
            if arguments.wantsHelp { return help(&invocation) }
            installID = try InstallIdentifierOption.value(arguments)
            if let extra = arguments.positionals.first { throw UsageError(message: "unexpected argument '\(extra)'") }
            if arguments.values["--defs"] == nil && arguments.values["--bundle"] == nil {
                throw UsageError(message: "give the definitions with --defs PATH or --bundle FILE")
            }
            if arguments.values["--journal"] == nil { throw UsageError(message: "give the journal with --journal FILE") }
        } catch {
            return invocation.usageError(error, command: command)
        }
        var timeZone = TimeZone(identifier: "UTC")!
        if let text = arguments.values["--time-zone"] {
            guard let zone = TimeZoneName.zone(text) else {
                let (message, note) = TimeZoneName.unknownMessage(text)
                return invocation.usageError(UsageError(message: "\(message) for --time-zone; \(note)"), command: command)
            }
            timeZone = zone
        }
        let now: Int64
        if let text = arguments.values["--at"] {
            guard let at = ISO8601.parse(text) else {
                return invocation.usageError(UsageError(message: "invalid instant '\(text)' for --at; expected ISO-8601 such as 2026-01-08T09:00:00Z"), command: command)
            }
            now = at
        } else {
            now = SystemClock().now()
        }
        do throws(Definitions.Exit) {
            guard let definitions = try Definitions.load(arguments, command: command, &invocation) else { return ExitCode.usage }
            let journal = arguments.values["--journal"] ?? ""
            let overrides = InstallIdentifierOption.overrides(invocation.environment)
            let asOf = arguments.values["--at"] != nil && !arguments.flags.contains(JournalAsOf.allRecordsFlag)
            let snapshot = try Snapshot.take(definitions, journal: journal, at: now, asOf: asOf, overrides: overrides,
                                             timeZone: timeZone, installID: installID,
                                             &invocation)
            switch format {
            case .text: invocation.stdout += snapshot.text()
            case .json: invocation.stdout += snapshot.json().rendered(pretty: true) + "\n"
            }
            return ExitCode.success
        } catch {
            return error.status
        }
    }

    static func help(_ invocation: inout Invocation) -> Int32 {
        invocation.stdout += command.helpText
        return ExitCode.success
    }
}
