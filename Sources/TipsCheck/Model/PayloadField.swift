import TipsSource

/// One typed field of an event payload (Bool, Int, Double, String or an enumeration).
public struct PayloadField: Sendable, Hashable {
    public var name: String
    public var type: ValueType
    public var range: SourceRange

    public init(name: String, type: ValueType, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}
