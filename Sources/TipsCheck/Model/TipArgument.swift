import TipsSource

/// A declared argument of a reusable tip (String, Int, Bool or an enumeration).
public struct TipArgument: Sendable, Hashable {
    public var name: String
    public var type: ValueType
    public var range: SourceRange

    public init(name: String, type: ValueType, range: SourceRange) {
        self.name = name
        self.type = type
        self.range = range
    }
}
