/// Identifies one file of a ``SourceSet``; an index, so ranges stay small and trivially copyable.
public struct FileID: Hashable, Comparable, Sendable {
    /// The position of the file in its ``SourceSet``.
    public var index: Int32

    /// Creates the id of the file at `index`.
    public init(_ index: Int32) { self.index = index }

    public static func < (a: FileID, b: FileID) -> Bool { a.index < b.index }
}
