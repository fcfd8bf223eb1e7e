/// Reads little-endian fixed-width values from a byte range; running past the end throws
/// `truncated(section)` for the section being read.
struct ByteReader {
    let bytes: [UInt8]
    var position: Int
    var end: Int
    var section: BundleSection

    init(_ bytes: [UInt8], from start: Int, to end: Int, section: BundleSection) {
        self.bytes = bytes; self.position = start; self.end = end; self.section = section
    }

    var remaining: Int { end - position }

    mutating func take(_ n: Int) throws(BundleError) -> Int {
        guard n >= 0, n <= remaining else { throw .truncated(section) }
        let start = position
        position += n
        return start
    }
    mutating func u8() throws(BundleError) -> UInt8 { bytes[try take(1)] }
    mutating func u16() throws(BundleError) -> UInt16 {
        let p = try take(2)
        return UInt16(bytes[p]) | UInt16(bytes[p + 1]) << 8
    }
    mutating func u32() throws(BundleError) -> UInt32 {
        let p = try take(4)
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[p + i]) << (8 * i) }
        return v
    }
    mutating func u64() throws(BundleError) -> UInt64 {
        let p = try take(8)
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[p + i]) << (8 * i) }
        return v
    }
    mutating func i64() throws(BundleError) -> Int64 { Int64(bitPattern: try u64()) }

    /// A boolean byte: 0 or 1, anything else is an invalid tag.
    mutating func bool(_ site: @autoclosure () -> ErrorSite) throws(BundleError) -> Bool {
        let b = try u8()
        guard b <= 1 else { throw .invalidTag(site(), value: b) }
        return b == 1
    }

    /// A count of items each at least `minSize` bytes long: rejected as truncated when the
    /// rest of the section cannot hold them, so no huge allocation precedes the failure.
    mutating func count(minSize: Int) throws(BundleError) -> Int {
        let n = Int(try u32())
        guard n <= remaining / max(minSize, 1) else { throw .truncated(section) }
        return n
    }

    mutating func type(_ site: @autoclosure () -> ErrorSite) throws(BundleError) -> ValueType {
        let k = try u8()
        guard let kind = ValueType.Kind(rawValue: k) else { throw .invalidTag(site(), value: k) }
        let flags = try u8()
        guard flags <= 1 else { throw .invalidTag(site(), value: flags) }
        let e = try u16()
        guard kind == .enumeration || e == 0 else { throw .invalidValue(site(), rule: "enum index set on a non-enum type") }
        return ValueType(kind, enumIndex: e, optional: flags == 1)
    }

    mutating func optionalI64(_ site: @autoclosure () -> ErrorSite) throws(BundleError) -> Int64? {
        let present = try bool(site())
        let v = try i64()
        if !present {
            guard v == 0 else { throw .invalidValue(site(), rule: "absent value must be encoded as 0") }
            return nil
        }
        return v
    }
}
