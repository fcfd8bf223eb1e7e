/// The journal's file went missing, was replaced or was cut short while a `Journal` had it
/// open, and the journal wrote its state to the path again (Docs/journal.md, "Deleted,
/// replaced or cut short"). Reported in `JournalReport.restorations` and to
/// `Journal.onRestore`; the runtime passes it on as `TipStore.onJournalRestored`.
///
/// Without it, the next append would start a new, empty journal at the path: every call
/// would still succeed, and the next launch would have lost the user's state.
public struct JournalRestoration: Sendable, Hashable, CustomStringConvertible {
    /// What the journal found at its path.
    public enum Cause: Sendable, Hashable {
        /// Nothing: the file was deleted or renamed away (the other name keeps its bytes).
        case deleted
        /// Another journal (not a compaction of this one): its facts were merged in, as
        /// `JournalMerge` merges two devices' journals, so neither side's state is lost.
        case replacedByJournal
        /// A regular file that is not a readable journal: it was renamed to `movedTo`,
        /// untouched, and this journal's state written at the path.
        case replacedByOtherFile
        /// The same file, shorter than this object had read (truncated behind its back):
        /// what is left of it was merged in like a replacement journal.
        case truncated
    }

    /// What happened to the file.
    public var cause: Cause
    /// The journal's path, as given to `open`.
    public var path: String
    /// Records the restored file holds (this object's state, and what was merged in).
    public var records: Int
    /// Records that came from the replacement (`.replacedByJournal`, `.truncated`).
    public var mergedRecords: Int
    /// Where the file that was found at the path now is (`.replacedByOtherFile`).
    public var movedTo: String?

    public init(cause: Cause, path: String, records: Int, mergedRecords: Int = 0, movedTo: String? = nil) {
        self.cause = cause
        self.path = path
        self.records = records
        self.mergedRecords = mergedRecords
        self.movedTo = movedTo
    }

    public var description: String {
        switch cause {
        case .deleted:
            return "\(path): the journal was deleted while open; its state (\(records) records) was written to it again"
        case .replacedByJournal:
            return "\(path): another journal was put in place of this one while open; both states were merged "
                + "(\(records) records, \(mergedRecords) of them from the other journal)"
        case .replacedByOtherFile:
            return "\(path): a file that is not a journal was put in place of this one while open; it was moved to "
                + "'\(movedTo ?? "?")' and the journal's state (\(records) records) written again"
        case .truncated:
            return "\(path): the journal was cut short while open; its state was written again (\(records) records, "
                + "\(mergedRecords) merged from what was left)"
        }
    }
}
