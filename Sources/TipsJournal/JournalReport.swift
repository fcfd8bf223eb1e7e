/// What opening (and later tail-following) a journal found and did.
public struct JournalReport: Sendable, Hashable {
    /// A line that failed to parse or failed its checksum, skipped and kept in the file.
    public struct CorruptedLine: Sendable, Hashable {
        /// 1-based line number in the file at the time it was read (the header is line 1).
        public var line: Int
        /// Byte offset of the line's first byte.
        public var offset: Int
        /// The line's length in bytes, newline included.
        public var length: Int
        /// Why it was rejected, e.g. "crc mismatch".
        public var reason: String
    }

    /// The torn last line that was cut off.
    public struct Repair: Sendable, Hashable {
        public var line: Int
        public var offset: Int
        /// Bytes removed from the end of the file.
        public var bytes: Int
        /// "no trailing newline" or why the final line was rejected.
        public var reason: String
    }

    /// A checksummed line of a record kind this build doesn't know (a newer version wrote
    /// it): kept in the file and through compaction, never counted as damage.
    public struct UnknownRecord: Sendable, Hashable {
        public var line: Int
        public var seq: UInt64
        /// The line's `t` member.
        public var kind: String
    }

    /// A valid line whose sequence number is not above the one before it.
    public struct SequenceProblem: Sendable, Hashable {
        public var line: Int
        public var seq: UInt64
        /// The highest sequence number before this line.
        public var previous: UInt64
    }

    /// The journal file.
    public var path: String
    /// Valid records read (not counting the header).
    public var records: Int = 0
    /// Lines skipped as corrupted, in file order.
    public var corruptedLines: [CorruptedLine] = []
    /// Torn tails cut off (at open, or found after another process crashed mid-append).
    public var repairs: [Repair] = []
    /// Lines of unknown record kinds, kept as written.
    public var unknownRecords: [UnknownRecord] = []
    /// Sequence numbers that repeat or go down (read-only reads check them; see `isClean`).
    public var sequenceProblems: [SequenceProblem] = []
    /// True when the file was missing or empty and a header was written.
    public var createdHeader = false
    /// Times the file was found deleted, replaced or cut short while open, and the
    /// journal's state written to the path again (not counted as damage by `isClean`).
    public var restorations: [JournalRestoration] = []

    public init(path: String) { self.path = path }

    /// Total bytes removed by repairs.
    public var repairedBytes: Int { repairs.reduce(0) { $0 + $1.bytes } }
    /// True when nothing was corrupted or repaired.
    public var isClean: Bool { corruptedLines.isEmpty && repairs.isEmpty && sequenceProblems.isEmpty }
}
