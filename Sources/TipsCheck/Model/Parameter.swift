import TipsSource

/// `[transient] param name: Type = default`.
public struct Parameter: Sendable, Hashable {
    /// The declared name.
    public var name: String
    /// The resolved type.
    public var type: ValueType
    /// The default, of ``type`` (``ConstantValue/none`` for an optional without default).
    public var defaultValue: ConstantValue
    /// Reset to the default whenever the runtime opens; never read back from the journal.
    public var isTransient: Bool
    /// `renamedFrom OLD`: values saved under the old name are read as this parameter's.
    public var renamedFrom: String?
    /// `key "..."`: the name the journal's values are stored under instead of ``name``.
    public var key: String?
    /// Where the key was written.
    public var keyRange: SourceRange?
    /// The source it was checked from, for diagnostics and source maps.
    public var range: SourceRange

    /// The name users' journals know it by: its key, else its name.
    public var persistedName: String { key ?? name }

    public init(name: String, type: ValueType, defaultValue: ConstantValue, isTransient: Bool,
                renamedFrom: String? = nil, range: SourceRange) {
        self.renamedFrom = renamedFrom
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isTransient = isTransient
        self.range = range
    }
}
