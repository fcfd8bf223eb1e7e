import TipsDriver
import TipsJournal
import TipsRuntime
import TipsSyntax

/// The most `tipc` reads of the inputs only commands read (the driver knows `.tips` files'
/// limit, ``FileSystem/Limit/source``).
extension FileSystem.Limit {
    /// A scenario file: as large as a catalog file may be.
    static let scenario = InputFile.Limit(bytes: Parser.maximumFileSize, what: "a scenario file")
    /// A compiled bundle: the runtime's own limit (`TipStore(bundleURL:)`).
    static let bundle = TipStore.bundleLimit
    /// A journal copied for `status` and `explain` (the runtime compacts at 4 MiB).
    static let journal = InputFile.Limit(bytes: 1 << 30, what: "a journal read by status and explain")
}
