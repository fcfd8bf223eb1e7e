import TipsBytecode

/// One VM value: a 64-bit payload and a nil flag. Trivially copyable; the type is known
/// statically (from the verifier), never stored.
///
/// Payloads: Bool 0/1; Int, Date (ms since epoch), Duration (ms) as Int64 bits; Double
/// as IEEE 754 bits; String an id in the state's `StringStore`; enum a case index;
/// Set<String> an id in the state's `SetStore`. Every operation writes the nil flag, so
/// the flag of a non-optional value is always false. In donation payload columns the flag
/// marks a missing field.
@frozen
public struct Slot: Hashable, Sendable, CustomStringConvertible {
    /// The payload.
    public var bits: UInt64
    /// True for nil (or a missing payload field).
    public var isNil: Bool

    /// Creates a slot.
    @inline(__always)
    public init(bits: UInt64, isNil: Bool = false) {
        self.bits = bits
        self.isNil = isNil
    }

    /// Nil (payload 0).
    public static let `nil` = Slot(bits: 0, isNil: true)
    public static func bool(_ v: Bool) -> Slot { Slot(bits: v ? 1 : 0) }
    public static func int(_ v: Int64) -> Slot { Slot(bits: UInt64(bitPattern: v)) }
    public static func double(_ v: Double) -> Slot { Slot(bits: v.bitPattern) }
    /// A Date, in ms since the Unix epoch.
    public static func date(ms v: Int64) -> Slot { Slot(bits: UInt64(bitPattern: v)) }
    /// A Duration, in ms.
    public static func duration(ms v: Int64) -> Slot { Slot(bits: UInt64(bitPattern: v)) }
    /// A string by `StringStore` id.
    public static func string(_ id: UInt32) -> Slot { Slot(bits: UInt64(id)) }
    /// An enum case by index.
    public static func enumCase(_ index: Int) -> Slot { Slot(bits: UInt64(truncatingIfNeeded: index)) }
    /// A set by `SetStore` id.
    public static func set(_ id: UInt32) -> Slot { Slot(bits: UInt64(id)) }
    /// The runtime value of a bundle constant (bundle string and set ids are store ids).
    public init(_ c: Constant) { self.init(bits: c.bits, isNil: c.isNil) }

    /// The payload read as Bool.
    @inline(__always) public var boolValue: Bool { bits != 0 }
    /// The payload read as Int (also Date and Duration).
    @inline(__always) public var intValue: Int64 { Int64(bitPattern: bits) }
    /// The payload read as Double.
    @inline(__always) public var doubleValue: Double { Double(bitPattern: bits) }

    public var description: String { isNil ? "nil" : "0x\(String(bits, radix: 16))" }
}
