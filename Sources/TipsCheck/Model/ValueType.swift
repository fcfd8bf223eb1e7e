/// The type of a value in the checked model.
public indirect enum ValueType: Sendable, Hashable {
    case bool
    /// 64-bit signed, wrapping on overflow.
    case int
    case double
    case string
    /// An instant, in milliseconds since the Unix epoch.
    case date
    /// A span of time, in milliseconds.
    case duration
    /// `Set<String>`.
    case stringSet
    /// A declared enumeration: index into ``CatalogModel/enums``.
    case enumeration(Int)
    /// `T?`; the wrapped type is never itself optional.
    case optional(ValueType)
    /// The type of an expression that failed to check. Only present in models with errors;
    /// the checker reports nothing further about expressions of this type.
    case error

    /// The type without its optional wrapper.
    public var unwrapped: ValueType {
        if case .optional(let t) = self { return t }
        return self
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// `T?` for `T`; optional types and ``error`` are returned unchanged.
    public var asOptional: ValueType {
        switch self {
        case .optional, .error: self
        default: .optional(self)
        }
    }

    /// Whether this is, or wraps, ``error``.
    public var isError: Bool { unwrapped == .error }
}
