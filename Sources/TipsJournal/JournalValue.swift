/// A typed value stored in the journal: a parameter's value or a donation payload field.
///
/// Each is written as a one-member object naming its type, so a value reads back with the
/// type it was written with (`{"int":3}` and `{"double":3.0}` stay distinct):
/// `{"bool":true}`, `{"int":3}`, `{"double":2.5}`, `{"string":"x"}`, `{"date":1767225600000}`,
/// `{"set":["a","b"]}`, `{"enum":"pro"}`, or `null`.
public enum JournalValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int64)
    /// Finite only: appending NaN or an infinity throws `JournalError.invalidValue`.
    case double(Double)
    case string(String)
    /// An instant, integer milliseconds since the Unix epoch.
    case date(Int64)
    /// A set of strings, written sorted by UTF-8 bytes so the encoding is deterministic.
    case set(Set<String>)
    /// An enumeration case, by name.
    case enumCase(String)
    case null
}
