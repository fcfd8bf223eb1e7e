import TipsCommandLine
import TipsReplay
import TipsRuntime

/// What `tipc report --defs` and `tipc events export` share: the definitions the journals
/// were written under, the catalog identity their events carry, and the journal files.
struct ReplayInput {
    var replay: JournalReplay
    var files: [String]

    /// The options besides `Definitions.options`.
    static let options: [Command.Option] = [
        .init(name: "--catalog", value: "NAME", help: "The catalog's name in the events (default: catalog)"),
        .init(name: "--catalog-version", value: "N", help: "The catalog's version in the events (default: 1)"),
    ]

    /// The replay for `definitions` and the journals in `arguments.positionals`. Prints why
    /// and throws when a path does not exist (usage, 2) or none was given.
    static func make(_ definitions: Definitions, _ arguments: ParsedArguments, command: Command,
                     includesInstanceIDs: Bool = false, paths: [String],
                     _ invocation: inout Invocation) throws(Definitions.Exit) -> ReplayInput {
        let version: UInt64
        do throws(UsageError) {
            version = try arguments.wholeNumber("--catalog-version", in: 0...UInt64(Int64.max)) ?? 1
            guard !paths.isEmpty else { throw UsageError(message: "give the journals: files or folders of *.jsonl journals") }
        } catch {
            throw Definitions.Exit(status: invocation.usageError(error, command: command))
        }
        let files: [String]
        switch JournalInputs.files(paths) {
        case .success(let found): files = found
        case .failure(let missing):
            invocation.error("\(missing.path): no such file or folder")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        let catalog = CatalogIdentity(name: arguments.values["--catalog"] ?? "catalog", version: version)
        return ReplayInput(replay: JournalReplay(bundle: definitions.bytes, catalog: catalog, includesInstanceIDs: includesInstanceIDs),
                           files: files)
    }
}
