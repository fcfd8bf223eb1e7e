import TipsCommandLine
import TipsRuntime

/// `--install-id ID` on `tipc explain` and `tipc status`: the install identifier an app gave
/// (`TipStore.setInstallIdentifier`), so a support case can be explained on the side of each
/// experiment that device is on. Without it the tools use the journal's `install` record, and
/// never draw one of their own (a fresh one would change the answer at every run).
enum InstallIdentifierOption {
    static let name = "--install-id"
    /// Identifiers are short (a UUID, an account id): a longer value is a mistake.
    static let maxBytes = 256

    static let option = Command.Option(
        name: name, value: "ID",
        help: "The install identifier experiments bucket (the app's, as TipStore.setInstallIdentifier takes it; default: the journal's install record)")

    /// The identifier given, checked: not empty, at most 256 bytes, no control characters.
    static func value(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let id = arguments.values[name] else { return nil }
        if id.isEmpty {
            throw UsageError(message: "empty value for \(name); give the identifier the app passes to TipStore.setInstallIdentifier (or leave the option out to use the journal's)")
        }
        if id.utf8.count > maxBytes {
            throw UsageError(message: "value for \(name) is \(id.utf8.count) bytes; expected at most \(maxBytes)")
        }
        if id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw UsageError(message: "value for \(name) contains a control character; expected printable text such as a UUID")
        }
        return id
    }

    /// The overrides the tools open a journal copy with: the environment's, never a reset,
    /// and no identifier drawn at open.
    static func overrides(_ environment: [String: String]) -> TestingOverrides {
        var overrides = TestingOverrides.fromEnvironment(environment)
        overrides.resetStoreOnOpen = false
        overrides.recordsInstallIdentifier = false
        return overrides
    }

    /// Gives `id` to a store just opened, before any other call: the first call records
    /// a holdout exposure that is due under whichever identifier is in force then.
    static func apply(_ id: String?, to store: TipStore) throws(TipStoreError) {
        guard let id else { return }
        try store.setInstallIdentifier(id)
    }
}
