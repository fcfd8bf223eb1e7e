/// A built-in method, property or function, resolved to its operand types.
/// Arguments are listed in ``CheckedExpr/Kind/builtin(_:_:)`` order: receiver first.
public enum Builtin: String, Sendable, Hashable, CaseIterable {
    /// `s.hasPrefix(x)` → Bool.
    case stringHasPrefix
    /// `s.hasSuffix(x)` → Bool.
    case stringHasSuffix
    /// `s.contains(x)` (substring) → Bool.
    case stringContains
    /// `s.isEmpty` → Bool.
    case stringIsEmpty
    /// `s.count`: the number of Unicode scalars → Int.
    case stringCount
    /// `set.contains(x)` → Bool.
    case setContains
    /// `set.count` → Int.
    case setCount
    /// `set.isEmpty` → Bool.
    case setIsEmpty
    /// `min(a, b)` is `b < a ? b : a` and `max(a, b)` is `b > a ? b : a`, on two values of one
    /// type (so a NaN first argument is returned as is). Never optional.
    case minInt, maxInt, minDouble, maxDouble, minDuration, maxDuration, minDate, maxDate
}
