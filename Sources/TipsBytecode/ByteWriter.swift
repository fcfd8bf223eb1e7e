/// Appends little-endian fixed-width values to a byte array.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
    mutating func u16(_ v: UInt16) { for i in 0..<2 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
    mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }
    /// A count or length; callers never hold more than 2^32 - 1 items.
    mutating func count(_ n: Int) { u32(UInt32(truncatingIfNeeded: n)) }
    mutating func type(_ t: ValueType) { u8(t.kind.rawValue); u8(t.isOptional ? 1 : 0); u16(t.enumIndex) }
    /// An optional i64 as a presence byte followed by the value (0 when absent).
    mutating func optionalI64(_ v: Int64?) { bool(v != nil); i64(v ?? 0) }

    /// Overwrites 4 bytes at `offset`.
    mutating func patchU32(_ v: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
    }
    mutating func patchU64(_ v: UInt64, at offset: Int) {
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * i)) }
    }
}
