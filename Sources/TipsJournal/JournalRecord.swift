/// One state change, as stored on one journal line.
///
/// Records name things by string (parameter, event, tip id) and know nothing about the
/// definitions bundle, so state for ids the current bundle lacks is read, kept and
/// compacted like any other.
public enum JournalRecord: Sendable, Hashable {
    /// A parameter was set. Line type `param`.
    case param(name: String, value: JournalValue, at: Int64)
    /// An event was donated, with its payload fields. Line type `donate`.
    case donate(event: String, at: Int64, payload: [String: JournalValue])
    /// A tip's presentation began. Line type `displayBegan`.
    case displayBegan(tip: String, at: Int64)
    /// A tip's presentation ended. Line type `displayEnded`.
    case displayEnded(tip: String, at: Int64)
    /// A tip was invalidated. Line type `invalidate`.
    case invalidate(tip: String, reason: String, at: Int64)
    /// A tip returned to rule evaluation (keeps counts, donations, params). `resetEligibility`.
    case resetEligibility(tip: String, at: Int64)
    /// Everything before this record is forgotten. Line type `resetStore`.
    case resetStore(at: Int64)
    /// Compaction's summary of one tip's display and invalidation state. Line type `tip`.
    case tipSnapshot(tip: String, state: TipState)
    /// The install's identifier, generated once for experiments' assignment. Line type `install`.
    case install(id: String, at: Int64)
    /// An install was exposed to `variant` (or `holdout`) of tip `tip`'s experiment
    /// `experiment`: the tip's declared name, not an instance id. Line type `exposure`.
    case exposure(tip: String, experiment: String, variant: String, at: Int64)
    /// Tip `tip` was snoozed at `at` until `until`: its `count`-th snooze (``Snooze``). Line type `snooze`.
    case snooze(tip: String, until: Int64, count: Int64, at: Int64)
}

/// A record with its sequence number, as read from or written to the journal.
///
/// Sequence numbers increase by one per record over the whole life of a journal, across
/// processes and compactions; gaps appear only where a corrupted line was skipped.
public struct JournalEntry: Sendable, Hashable {
    public var seq: UInt64
    public var record: JournalRecord

    public init(seq: UInt64, record: JournalRecord) {
        self.seq = seq
        self.record = record
    }
}
