/// FNV-1a 64-bit hash, the bundle checksum (simple, no tables, stable across platforms).
public struct FNV1a64: Sendable {
    /// The running hash.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A fresh hash.
    public init() {}

    /// Mixes in `bytes`.
    public mutating func combine<C: Sequence>(_ bytes: C) where C.Element == UInt8 {
        var h = value
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        value = h
    }
}
