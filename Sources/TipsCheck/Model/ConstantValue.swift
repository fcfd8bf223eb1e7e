/// A value known at compile time: parameter defaults, filter operands, folded expressions.
public enum ConstantValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// Milliseconds.
    case duration(Int64)
    /// Milliseconds since the Unix epoch.
    case date(Int64)
    /// A case of ``CatalogModel/enums``[`enumeration`], by index into its cases.
    case enumCase(enumeration: Int, index: Int)
    /// A set of strings, sorted (byte-wise UTF-8) and without duplicates.
    case stringSet([String])
    /// The absent value of an optional.
    case none
}
