/// A JSON value: what JSON-RPC messages are made of.
///
/// Our own small type rather than `JSONSerialization`, so numbers, booleans and key order
/// behave the same on every platform and malformed input becomes an error we can report
/// precisely (JSON-RPC's parse error) instead of an Objective-C exception.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    /// Every JSON number; integers up to 2^53 round-trip exactly.
    case number(Double)
    case string(String)
    case array([JSON])
    /// Members in the order written, so output is deterministic and readable in transcripts.
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
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
        case .number(let n): hasher.combine(n)
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

    /// An integer number, if this is one that fits `Int`.
    public var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
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

    /// A number from an integer.
    public static func int(_ value: Int) -> JSON { .number(Double(value)) }

    /// An object from its members, dropping those whose value is `nil`.
    public static func object(_ members: KeyValuePairs<String, JSON?>) -> JSON {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
}
