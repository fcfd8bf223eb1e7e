/// CRC-32 (IEEE 802.3, the polynomial of zlib, gzip and PNG), slicing-by-16.
///
/// The IEEE polynomial rather than CRC-32C so anyone can check a line with stock tools:
/// Python's `zlib.crc32(line[:-18])` gives the same number.
public enum CRC32 {
    /// Sixteen 256-entry tables: table k maps a byte to its CRC contribution k bytes ahead.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 16 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
            t[i] = c
        }
        for i in 0..<256 {
            var c = t[i]
            for k in 1..<16 {
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
            // Sixteen bytes per step: replay checks every line, and the step's cost is the
            // chain from one crc value to the next, so fewer, wider steps go faster; the
            // sixteen lookups of a step are independent of each other.
            while i + 16 <= n {
                let a = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let b = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                let x = UInt32(truncatingIfNeeded: a) ^ crc
                let y = UInt32(truncatingIfNeeded: a >> 32)
                let z = UInt32(truncatingIfNeeded: b)
                let w = UInt32(truncatingIfNeeded: b >> 32)
                crc = t[15 * 256 + Int(x & 0xFF)] ^ t[14 * 256 + Int((x >> 8) & 0xFF)]
                    ^ t[13 * 256 + Int((x >> 16) & 0xFF)] ^ t[12 * 256 + Int(x >> 24)]
                    ^ t[11 * 256 + Int(y & 0xFF)] ^ t[10 * 256 + Int((y >> 8) & 0xFF)]
                    ^ t[9 * 256 + Int((y >> 16) & 0xFF)] ^ t[8 * 256 + Int(y >> 24)]
                    ^ t[7 * 256 + Int(z & 0xFF)] ^ t[6 * 256 + Int((z >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((z >> 16) & 0xFF)] ^ t[4 * 256 + Int(z >> 24)]
                    ^ t[3 * 256 + Int(w & 0xFF)] ^ t[2 * 256 + Int((w >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((w >> 16) & 0xFF)] ^ t[Int(w >> 24)]
                i += 16
            }
            // The rest (up to 15 bytes; a line's length is arbitrary) by 8, by 4, then by byte.
            if i + 8 <= n {
                let a = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let x = UInt32(truncatingIfNeeded: a) ^ crc
                let y = UInt32(truncatingIfNeeded: a >> 32)
                crc = t[7 * 256 + Int(x & 0xFF)] ^ t[6 * 256 + Int((x >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((x >> 16) & 0xFF)] ^ t[4 * 256 + Int(x >> 24)]
                    ^ t[3 * 256 + Int(y & 0xFF)] ^ t[2 * 256 + Int((y >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((y >> 16) & 0xFF)] ^ t[Int(y >> 24)]
                i += 8
            }
            if i + 4 <= n {
                let x = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self)) ^ crc
                crc = t[3 * 256 + Int(x & 0xFF)] ^ t[2 * 256 + Int((x >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((x >> 16) & 0xFF)] ^ t[Int(x >> 24)]
                i += 4
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
