/// A constant-pool entry: a typed 64-bit payload, or nil of an optional type.
///
/// Payloads: Bool 0/1; Int, Date (ms since epoch), Duration (ms) as Int64 bits; Double as
/// IEEE 754 bits; String a string-table index; enum a case index; Set<String> a set-table
/// index. A nil constant has payload 0 (one encoding per value).
public struct Constant: Hashable, Sendable, CustomStringConvertible {
    /// The constant's type.
    public var type: ValueType
    /// The payload bits (0 when nil).
    public var bits: UInt64
    /// True for the nil of an optional type.
    public var isNil: Bool

    /// Creates a constant from raw parts.
    public init(type: ValueType, bits: UInt64, isNil: Bool = false) {
        self.type = type
        self.bits = isNil ? 0 : bits
        self.isNil = isNil
    }

    public static func bool(_ v: Bool) -> Constant { Constant(type: .bool, bits: v ? 1 : 0) }
    public static func int(_ v: Int64) -> Constant { Constant(type: .int, bits: UInt64(bitPattern: v)) }
    public static func double(_ v: Double) -> Constant { Constant(type: .double, bits: v.bitPattern) }
    public static func date(ms v: Int64) -> Constant { Constant(type: .date, bits: UInt64(bitPattern: v)) }
    public static func duration(ms v: Int64) -> Constant { Constant(type: .duration, bits: UInt64(bitPattern: v)) }
    /// A string constant by string-table index.
    public static func string(_ id: UInt32) -> Constant { Constant(type: .string, bits: UInt64(id)) }
    /// A case of enum `enumIndex`.
    public static func enumCase(_ enumIndex: Int, _ caseIndex: Int) -> Constant {
        Constant(type: .enumeration(enumIndex), bits: UInt64(truncatingIfNeeded: caseIndex))
    }
    /// A set constant by set-table index.
    public static func set(_ id: UInt32) -> Constant { Constant(type: .stringSet, bits: UInt64(id)) }
    /// The nil of `type` (made optional).
    public static func `nil`(_ type: ValueType) -> Constant { Constant(type: type.optional, bits: 0, isNil: true) }

    public var description: String {
        if isNil { return "nil as \(type)" }
        switch type.kind {
        case .bool: return bits == 0 ? "false" : "true"
        case .int: return "\(Int64(bitPattern: bits))"
        case .double: return "\(Double(bitPattern: bits))"
        case .date: return "date(\(Int64(bitPattern: bits))ms)"
        case .duration: return "\(Int64(bitPattern: bits))ms"
        case .string: return "str#\(bits)"
        case .enumeration: return "case#\(bits)"
        case .stringSet: return "set#\(bits)"
        }
    }
}
