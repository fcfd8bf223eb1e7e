/// What a comparison compares. Bool and enumeration values support only `==` and `!=`;
/// strings compare byte-wise in UTF-8; doubles follow IEEE 754, except that any comparison
/// involving NaN, `!=` included, is false (the design notes' rule; the folder does the same).
public enum ComparisonDomain: Sendable, Hashable {
    case bool
    case int
    case double
    case string
    case duration
    case date
    /// Cases of ``CatalogModel/enums``[index], compared by case index.
    case enumeration(Int)
}
