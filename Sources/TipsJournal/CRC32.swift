/// CRC-32 (IEEE 802.3, the polynomial of zlib, gzip and PNG), slicing-by-8.
///
/// The IEEE polynomial rather than CRC-32C so anyone can check a line with stock tools:
/// Python's `zlib.crc32(line[:-18])` gives the same number.
public enum CRC32 {
    /// Eight 256-entry tables: table k maps a byte to its CRC contribution k bytes ahead.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
            t[i] = c
        }
        for i in 0..<256 {
            var c = t[i]
            for k in 1..<8 {
                c = t[Int(c & 0xFF)] ^ (c >> 8)
                t[k * 256 + i] = c
            }
        }
        return t
    }()

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        tables.withUnsafeBufferPointer { t in
            var crc: UInt32 = 0xFFFF_FFFF
            var i = 0
            let n = bytes.count
            // Eight bytes per step: two table lookups chains interleaved by the CPU.
            while i + 8 <= n {
                let lo = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8
                    | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
                let hi = UInt32(bytes[i + 4]) | UInt32(bytes[i + 5]) << 8
                    | UInt32(bytes[i + 6]) << 16 | UInt32(bytes[i + 7]) << 24
                let x = crc ^ lo
                crc = t[7 * 256 + Int(x & 0xFF)] ^ t[6 * 256 + Int((x >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((x >> 16) & 0xFF)] ^ t[4 * 256 + Int(x >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                crc = t[Int((crc ^ UInt32(bytes[i])) & 0xFF)] ^ (crc >> 8)
                i += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    /// The CRC-32 of a byte array.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
