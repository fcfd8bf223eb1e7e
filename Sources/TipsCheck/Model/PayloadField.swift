import TipsSource

/// One typed field of an event payload (Bool, Int, Double, String or an enumeration).
public struct PayloadField: Sendable, Hashable {
    /// The declared name.
    public var name: String
    /// The resolved type.
    public var type: ValueType
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    public init(name: String, type: ValueType, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}
