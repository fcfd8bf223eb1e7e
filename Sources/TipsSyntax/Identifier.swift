import TipsSource

/// A name as written, with where it was written.
public struct Identifier: Sendable, Hashable {
    /// The name (ASCII letters, digits and `_`).
    public var name: String
    /// Its range in the source.
    public var range: SourceRange

    public init(_ name: String, range: SourceRange) {
        self.name = name
        self.range = range
    }
}
