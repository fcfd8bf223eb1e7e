import TipsSource

/// `[transient] param name: Type = default`.
public struct Parameter: Sendable, Hashable {
    public var name: String
    public var type: ValueType
    /// The default, of ``type`` (``ConstantValue/none`` for an optional without default).
    public var defaultValue: ConstantValue
    /// Reset to the default whenever the runtime opens; never read back from the journal.
    public var isTransient: Bool
    public var range: SourceRange

    public init(name: String, type: ValueType, defaultValue: ConstantValue, isTransient: Bool,
                range: SourceRange) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.range = range
    }
}
