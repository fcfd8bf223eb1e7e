import Foundation

extension Int64 {
    /// Milliseconds from a Double, rounded down, clamped to Int64's range (NaN gives 0),
    /// so no date from the host can trap.
    init(clamping ms: Double) {
        if ms.isNaN { self = 0 } else if ms >= 9.2e18 { self = .max } else if ms <= -9.2e18 { self = .min } else {
            self = Int64(ms.rounded(.down))
        }
    }
}

/// A typed value passed to or read from the store: a parameter's value, a payload field of
/// a donation, or an argument of a reusable tip.
///
/// The case must match the declared type exactly (an `Int` is accepted where a `Double` is
/// declared, as in the language); anything else is refused with `TipStoreError.wrongType`.
/// Literals work where a `TipValue` is expected: `true`, `3`, `2.5`, `"inbox"`.
public enum TipValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int64)
    /// Finite values only: NaN and infinities cannot be stored in the journal.
    case double(Double)
    case string(String)
    /// An instant in milliseconds since the Unix epoch (see `date(_:)` for a `Foundation.Date`).
    case date(Int64)
    /// A `Set<String>` parameter value.
    case stringSet(Set<String>)
    /// An enumeration case, by its declared name (`.enumCase("pro")`).
    case enumCase(String)
    /// The nil of an optional parameter.
    case null

    /// An instant from a `Foundation.Date`, rounded down to the millisecond.
    public static func date(_ date: Date) -> TipValue {
        .date(Int64(clamping: date.timeIntervalSince1970 * 1000))
    }

    /// The name of the case's type, for error messages (`Int`, `Set<String>`, `enum case`).
    var typeName: String {
        switch self {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .string: return "String"
        case .date: return "Date"
        case .stringSet: return "Set<String>"
        case .enumCase: return "enum case"
        case .null: return "nil"
        }
    }

    public var description: String {
        switch self {
        case .bool(let v): return "\(v)"
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .string(let v): return "\"\(v)\""
        case .date(let v): return "date(\(v)ms)"
        case .stringSet(let v): return "[" + v.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .enumCase(let v): return ".\(v)"
        case .null: return "nil"
        }
    }
}

extension TipValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByNilLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(nilLiteral: ()) { self = .null }
}
