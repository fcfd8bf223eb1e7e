import TipsSource

/// A `let` declaration: a name for a constant value. Uses are folded to the value, so the
/// compiled rules never see the name.
public struct NamedConstant: Sendable, Hashable {
    public var name: String
    /// The declared type, or the value's type; ``ValueType/error`` when it failed to check.
    public var type: ValueType
    /// The value; nil when it failed to check.
    public var value: ConstantValue?
    /// The whole declaration.
    public var range: SourceRange

    public init(name: String, type: ValueType, value: ConstantValue?, range: SourceRange) {
        self.name = name
        self.type = type
        self.value = value
        self.range = range
    }
}
