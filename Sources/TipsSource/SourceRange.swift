/// A half-open range of UTF-8 byte offsets in one file.
///
/// Positions stay compact offsets until they are printed; ``SourceFile/location(of:)``
/// turns them into line and column only then.
public struct SourceRange: Hashable, Sendable, Comparable {
    /// The file the range lies in.
    public var file: FileID
    /// Offset of the first byte.
    public var start: Int32
    /// Offset one past the last byte.
    public var end: Int32

    /// Creates a range from `start` up to, not including, `end`.
    public init(file: FileID, start: Int32, end: Int32) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at `offset`.
    public static func point(_ file: FileID, _ offset: Int32) -> SourceRange {
        SourceRange(file: file, start: offset, end: offset)
    }

    /// The number of bytes covered.
    public var length: Int32 { end - start }

    /// The smallest range covering both `self` and `other` (same file assumed).
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// Whether `offset` lies inside the range.
    public func contains(_ offset: Int32) -> Bool { offset >= start && offset < end }

    public static func < (a: SourceRange, b: SourceRange) -> Bool {
        (a.file, a.start, a.end) < (b.file, b.start, b.end)
    }
}
