/// Arithmetic modulo L = 2^252 + 27742317777372353535851937790883648493, the order of
/// edwards25519's base point: the canonical-S check of verification and the reductions of
/// signing. Values are little-endian 64-bit limbs; nothing branches on a value.
enum Scalar {
    /// L in four little-endian 64-bit limbs.
    static let order: (UInt64, UInt64, UInt64, UInt64) = (0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000)

    /// The little-endian 64-bit words of `bytes`.
    static func words(_ bytes: ArraySlice<UInt8>) -> [UInt64] {
        var out = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (i, byte) in bytes.enumerated() { out[i / 8] |= UInt64(byte) << (8 * UInt64(i % 8)) }
        return out
    }

    /// Whether the 32 little-endian bytes encode a number below L (RFC 8032 section 5.1.7:
    /// S ≥ L is rejected, which makes signatures non-malleable).
    static func isCanonical(_ bytes: ArraySlice<UInt8>) -> Bool {
        let w = words(bytes)
        let (_, borrow) = subtractOrder(w[0], w[1], w[2], w[3])
        return borrow == 1
    }

    /// (w - L, borrow out): the borrow is 1 exactly when w < L.
    @inline(__always) static func subtractOrder(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64)
        -> ((UInt64, UInt64, UInt64, UInt64), UInt64) {
        var borrow: UInt64 = 0
        func sub(_ a: UInt64, _ b: UInt64) -> UInt64 {
            let (d1, o1) = a.subtractingReportingOverflow(b)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            borrow = (o1 ? 1 : 0) | (o2 ? 1 : 0)
            return d2
        }
        let r0 = sub(w0, order.0), r1 = sub(w1, order.1), r2 = sub(w2, order.2), r3 = sub(w3, order.3)
        return ((r0, r1, r2, r3), borrow)
    }

    /// `words` (little-endian, any length) modulo L as 32 little-endian bytes: a shift-and-
    /// subtract over every bit, with the subtraction kept or dropped by a mask. r < L < 2^253
    /// throughout, so 2r + 1 fits four limbs.
    static func reduce(_ words: [UInt64]) -> [UInt8] {
        var r: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for i in stride(from: words.count * 64 - 1, through: 0, by: -1) {
            let bit = words[i / 64] >> UInt64(i % 64) & 1
            r = (r.0 << 1 | bit, r.1 << 1 | r.0 >> 63, r.2 << 1 | r.1 >> 63, r.3 << 1 | r.2 >> 63)
            let (t, borrow) = subtractOrder(r.0, r.1, r.2, r.3)
            let keep = borrow &- 1  // all ones when r ≥ L: take r - L
            r = (r.0 ^ (keep & (r.0 ^ t.0)), r.1 ^ (keep & (r.1 ^ t.1)), r.2 ^ (keep & (r.2 ^ t.2)), r.3 ^ (keep & (r.3 ^ t.3)))
        }
        var out = [UInt8](repeating: 0, count: 32)
        for (n, w) in [r.0, r.1, r.2, r.3].enumerated() {
            for i in 0..<8 { out[n * 8 + i] = UInt8(truncatingIfNeeded: w >> (8 * UInt64(i))) }
        }
        return out
    }

    /// (a·b + c) mod L for 32-byte little-endian a, b, c: signing's S = r + k·s.
    static func multiplyAdd(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> [UInt8] {
        let x = words(a[...]), y = words(b[...]), z = words(c[...])
        var product = [UInt64](repeating: 0, count: 9)
        for i in 0..<4 {
            var carry: UInt64 = 0
            for j in 0..<4 {
                let (high, low) = x[i].multipliedFullWidth(by: y[j])
                let (s1, o1) = product[i + j].addingReportingOverflow(low)
                let (s2, o2) = s1.addingReportingOverflow(carry)
                product[i + j] = s2
                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            }
            product[i + 4] = carry
        }
        var carry: UInt64 = 0
        for i in 0..<9 {
            let (s1, o1) = product[i].addingReportingOverflow(i < 4 ? z[i] : 0)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            product[i] = s2
            carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
        }
        return reduce(product)
    }
}
