/// The numeric representation an operation works on.
public enum NumericKind: String, Sendable, Hashable {
    /// Int64, wrapping.
    case int
    /// IEEE 754 binary64.
    case double
    /// Int64 milliseconds, wrapping.
    case duration
}
