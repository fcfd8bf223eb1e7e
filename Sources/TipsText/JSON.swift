/// A JSON value: the project's one JSON type, for the documents `tipc` writes (diagnostics,
/// SARIF, status, diffs, benchmarks) and the messages the language server reads and writes.
///
/// Our own small type rather than `JSONSerialization`, so numbers, booleans and key order
/// behave the same on every platform, output is stable byte for byte, and malformed input
/// becomes an error we can report precisely instead of an Objective-C exception.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer: written exactly, at any size `Int` holds. The parser reads a number
    /// without fraction or exponent that fits `Int` as this case.
    case int(Int)
    /// Any other number. JSON has no NaN or infinity: those are written as `null`.
    case double(Double)
    case string(String)
    case array([JSON])
    /// Members in the order written, so output is deterministic and readable in transcripts.
    case object([(String, JSON)])

    /// Numbers compare by value (`1` equals `1.0`); objects compare member by member, in order.
    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.int, .double), (.double, .int), (.double, .double): return a.number == b.number
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        // Through Double, so that equal numbers of either case hash alike.
        case .int, .double: hasher.combine(number)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            for (k, v) in o {
                hasher.combine(k)
                hasher.combine(v)
            }
        }
    }

    /// The member `key` of an object (`nil` for a missing member or a non-object).
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// An integral number that fits `Int` (`2.0` counts; `2.5` does not).
    public var int: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d): return d.rounded() == d && abs(d) < 9.0e15 ? Int(d) : nil
        default: return nil
        }
    }

    /// Any number, as a `Double` (integers beyond 2^53 round).
    public var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    public var string: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    public var bool: Bool? {
        guard case .bool(let b) = self else { return nil }
        return b
    }

    public var array: [JSON]? {
        guard case .array(let a) = self else { return nil }
        return a
    }

    /// The members of an object, in order.
    public var members: [(String, JSON)]? {
        guard case .object(let m) = self else { return nil }
        return m
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// An object from its members, dropping those whose value is `nil`.
    public static func object(_ members: KeyValuePairs<String, JSON?>) -> JSON {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}
