import TipsSource

/// `enum Category { books, music }`; values are case indices.
public struct Enumeration: Sendable, Hashable {
    /// The declared name.
    public var name: String
    /// Case names, in declaration order; a value is an index into this.
    public var cases: [String]
    /// Declared case renames (`pro renamedFrom premium`): old case name to new case index.
    public var renamedCases: [String: Int] = [:]
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(name: String, cases: [String], range: SourceRange) {
        self.name = name
        self.cases = cases
        self.range = range
    }
}
