import Foundation
import TipsBytecode
import TipsCommandLine
import TipsCompile
import TipsDriver
import TipsJournal
import TipsRuntime
import TipsSource

/// `tipc explain`: why a tip has its status, with the values each rule saw, and when time
/// alone makes it available. Reads a copy of the journal: the app's file is never written.
enum ExplainCommand {
    static let command = Command(
        name: "explain",
        summary: "Explain a tip's status from a journal: rule values, cooldown, group, limits, when it shows.",
        usage: "tipc explain (TIP | --all) (--defs PATH | --bundle FILE) --journal FILE [--at ISO-8601] [--platform NAME] [--time-zone ID] [--install-id ID] [--format text|json] [--horizon DAYS]",
        options: [
            .init(name: "--defs", value: "PATH", help: "Compile the catalog at PATH (a folder or .tips files)"),
            .init(name: "--bundle", value: "FILE", help: "Use a compiled bundle (tipc compile -o FILE)"),
            .init(name: "--journal", value: "FILE", help: "The app's JSON-lines journal (read, never written)"),
            .init(name: "--at", value: "ISO-8601", help: "Explain at this instant (default: now), e.g. 2026-03-02T09:00:00Z"),
            .init(name: JournalAsOf.allRecordsFlag, value: nil,
                  help: "With --at, replay every record, also those dated later (default: the journal as of --at)"),
            .init(name: "--all", value: nil, help: "Explain every tip, in declaration order"),
            .init(name: "--platform", value: "NAME",
                  help: "The app's platform for rules and 'when' conditions: iOS (default), iPadOS, macOS, tvOS, visionOS, watchOS"),
            .init(name: "--time-zone", value: "ID",
                  help: "The device's time zone for the local calendar in rules (default UTC), e.g. Europe/Berlin"),
            InstallIdentifierOption.option,
            .init(name: "--format", value: "text|json", help: "Output format (default text)"),
            .init(name: "--horizon", value: "DAYS", help: "How far ahead to look for a time-only change (default 400)"),
        ],
        details: """
            Opens the journal as the runtime would (on a temporary copy) and prints, for the
            tip: its status; each rule with the values it saw and its source line; an
            invalidation's reason and instant; the display-frequency cooldown (which tip
            started it, when it ends); testing overrides (TIPS_SHOW, TIPS_HIDE, TIPS_SHOW_ALL,
            TIPS_HIDE_ALL from the environment); its place in its group and the member that
            holds it back; display count and time against the limits; and the earliest
            instant at which time alone makes it available, or the rules and inputs that
            must change. With --at, the journal is read as it stood at that instant: records
            dated later are left out (--all-records keeps them). Reusable tips the journal has
            no instance of are listed after the others. Experiments bucket the journal's
            install identifier, or --install-id's (the app's own); a journal without one is
            explained on the empty identifier's side, and the text says so. Rule values need a bundle with
            explanations (tipc compile writes them). Rules that test the platform, and
            messages and actions with a `when` condition, are judged for --platform (iOS unless given, whatever machine runs tipc,
            as scenarios are). Exit status: 0 explained, 1 the catalog has errors, 2 usage or I/O error
            (an unknown tip included).
            """,
        run: run)

    enum Format: String, CaseIterable { case text, json }

    static func run(_ invocation: inout Invocation) -> Int32 {
        let arguments: ParsedArguments
        let format: Format
        let platform: TipPlatform
        var timeZone = TimeZone(identifier: "UTC")!
        var at: Int64 = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        var horizon = 400
        let installID: String?
        do throws(UsageError) {
            arguments = try command.parse(invocation.arguments)
            format = try arguments.choice("--format", default: Format.text)
            platform = try arguments.choice("--platform", default: TipPlatform.iOS)
            if arguments.wantsHelp {
                invocation.stdout += command.helpText
                return ExitCode.success
            }
            installID = try InstallIdentifierOption.value(arguments)
            let all = arguments.flags.contains("--all")
            guard all ? arguments.positionals.isEmpty : arguments.positionals.count == 1 else {
                throw UsageError(message: all ? "give a tip name or --all, not both" : "give one tip name (or --all)")
            }
            guard (arguments.values["--defs"] == nil) != (arguments.values["--bundle"] == nil) else {
                throw UsageError(message: "give the definitions: --defs PATH or --bundle FILE (one of them)")
            }
            guard arguments.values["--journal"] != nil else { throw UsageError(message: "missing journal: give --journal FILE") }
            if let text = arguments.values["--at"] {
                guard let ms = ExplanationFormat.parseDate(text) else {
                    throw UsageError(message: "invalid instant '\(text)' for --at; expected ISO-8601 such as 2026-03-02T09:00:00Z")
                }
                at = ms
            }
            if let text = arguments.values["--time-zone"] {
                guard let zone = TimeZoneName.zone(text) else {
                    let (message, note) = TimeZoneName.unknownMessage(text)
                    throw UsageError(message: "\(message) for --time-zone; \(note)")
                }
                timeZone = zone
            }
            if let text = arguments.values["--horizon"] {
                guard let days = Int(text), (1...36_500).contains(days) else {
                    throw UsageError(message: "invalid value '\(text)' for --horizon; expected days from 1 to 36500")
                }
                horizon = days
            }
        } catch {
            return invocation.usageError(error, command: command)
        }

        guard let bytes = bundleBytes(arguments, &invocation) else {
            return invocation.stderr.contains("error: the catalog has errors") ? ExitCode.failure : ExitCode.usage
        }
        let journalPath = arguments.values["--journal"] ?? ""
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tipc-explain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        let url = copy.appendingPathComponent("journal.jsonl")
        do {
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        } catch {
            invocation.error("cannot create a temporary directory: \(error.localizedDescription)")
            return ExitCode.usage
        }
        do {
            try FileSystem.copyFile(journalPath, to: url.path, limit: FileSystem.Limit.journal)
            // Judged as `tipc status` judges it: a file that is no journal exits 1, naming
            // the user's file, not the copy.
            _ = try Journal.readEntries(at: url.path)
        } catch let error as FileSystem.Failure where error.isMissing {
            // A fresh install has no journal yet, and "why does my tip not show on first
            // launch?" is a fair question: explain the empty state, as `tipc status` does.
            invocation.stderr += "tipc: note: \(journalPath) does not exist; explaining the state of an empty journal\n"
        } catch let error as FileSystem.Failure {
            invocation.error("cannot read journal \(journalPath): \(error.reason)")
            return ExitCode.usage
        } catch let error as JournalError {
            return JournalCommand.fail(error, path: journalPath, &invocation).status
        } catch {
            invocation.error("cannot read journal \(journalPath): \(error)")
            return ExitCode.usage
        }
        let overrides = InstallIdentifierOption.overrides(invocation.environment)
        let explanations: [TipExplanation]
        var reusableWithoutInstances: [String] = []
        do {
            if arguments.values["--at"] != nil, !arguments.flags.contains(JournalAsOf.allRecordsFlag) {
                let dropped = JournalAsOf.cut(url.path, at: at)
                if dropped > 0 { invocation.stderr += JournalAsOf.note(dropped, journal: journalPath) }
            }
            let store = try TipStore(bundle: bytes, journalURL: url, clock: ManualClock(start: at), overrides: overrides,
                                     durability: .synced)
            defer { try? store.close() }
            try InstallIdentifierOption.apply(installID, to: store)
            store.setPlatform(platform)
            store.setTimeZone(timeZone)
            let instances = store.instanceIDs
            if let name = arguments.positionals.first {
                // A declared name, or the id of a reusable tip's instance (NewTemplateTip-t42).
                var explained: TipExplanation? = nil
                if store.tipNames.contains(name) {
                    explained = try store.explanation(of: TipKey(name), horizonDays: horizon)
                } else if instances.contains(name) {
                    explained = store.explanation(ofID: name, horizonDays: horizon)
                }
                guard let explained else {
                    var message = "unknown tip '\(name)'"
                    if let guess = CommandSuggestion.closest(to: name, among: store.tipNames + instances) {
                        message += "; did you mean '\(guess)'?"
                    }
                    return invocation.usageError(UsageError(message: message), command: command)
                }
                explanations = [explained]
            } else {
                // Plain tips in declaration order, then the journal's reusable instances.
                explanations = store.explanations(horizonDays: horizon)
                    + instances.compactMap { store.explanation(ofID: $0, horizonDays: horizon) }
                // A reusable tip is explained per instance; say which have none yet, rather
                // than leaving them out without a word.
                let explained = Set(explanations.map(\.name))
                reusableWithoutInstances = store.tipNames.filter { !explained.contains($0) }
            }
        } catch {
            invocation.error(error.message.replacingOccurrences(of: url.path, with: journalPath))
            return ExitCode.usage
        }
        switch format {
        case .text:
            invocation.stdout += explanations.map(\.text).joined(separator: "\n")
            if !reusableWithoutInstances.isEmpty {
                invocation.stdout += (explanations.isEmpty ? "" : "\n")
                    + "reusable tips without instances in the journal: \(reusableWithoutInstances.joined(separator: ", "))\n"
                    + "  (an instance is explained by its id, e.g. 'tipc explain \(reusableWithoutInstances[0])-ID', once the app has created it)\n"
            }
        case .json: invocation.stdout += json(explanations, reusableWithoutInstances: reusableWithoutInstances)
        }
        return ExitCode.success
    }

    /// `{"version": 1, "explanations": [...]}`, keys sorted, two-space indentation.
    /// `reusableWithoutInstances` (with `--all`) is present only when some reusable tip has none.
    static func json(_ explanations: [TipExplanation], reusableWithoutInstances: [String] = []) -> String {
        struct Document: Encodable {
            var version = 1
            var explanations: [TipExplanation]
            var reusableWithoutInstances: [String]?
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Document(explanations: explanations,
                                reusableWithoutInstances: reusableWithoutInstances.isEmpty ? nil : reusableWithoutInstances)
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The bundle: read from --bundle, or compiled from --defs (diagnostics printed).
    private static func bundleBytes(_ arguments: ParsedArguments, _ invocation: inout Invocation) -> [UInt8]? {
        if let path = arguments.values["--bundle"] {
            do {
                return try FileSystem.readFile(path, limit: FileSystem.Limit.bundle)
            } catch {
                invocation.error("cannot read bundle \(path): \(error.reason)")
                return nil
            }
        }
        let path = arguments.values["--defs"] ?? "."
        let sources: SourceSet
        switch CatalogLoader.loadSingle(path) {
        case .success(let catalog):
            sources = catalog
        case .failure(.unreadable(let failures)):
            for failure in failures { invocation.error(failure.message) }
            return nil
        case .failure(.empty):
            invocation.error("no .tips files in \(path)")
            return nil
        case .failure(.several(let count)):
            invocation.error("\(path) holds \(count) catalogs; name one")
            return nil
        }
        let compiled = CheckedCatalog(sources).compile()
        guard let bytes = compiled.bytes else {
            let errors = compiled.diagnostics.filter { $0.severity == .error }
            invocation.stderr += DiagnosticRenderer.text(errors, sources: sources, options: .init(colored: false))
            invocation.error("the catalog has errors")
            return nil
        }
        return bytes
    }
}
