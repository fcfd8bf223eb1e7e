/// Constants of the on-disk format (Docs/journal.md is the full statement).
public enum JournalFormat {
    /// The format version written in the header. Readers refuse other versions.
    public static let version: Int64 = 1
    /// Every line ends with `,"crc":"<8 lowercase hex>"}`: this many bytes, before `\n`.
    static let crcSuffixLength = 18
    /// The longest line a writer writes (newline included). Readers treat longer lines as
    /// damage and never hold one in memory, so a huge damaged tail can always be repaired.
    public static let maximumLineBytes = 8 << 20
}
