/// An element of GF(2^255 - 19), the field of edwards25519's coordinates.
///
/// Five 51-bit limbs in `UInt64`s (radix 2^51), value = Σ limb[i]·2^(51·i). Every operation
/// returns limbs below 2^52, which keeps each product of two limbs (times 19) and the sum of
/// five of them below 2^128, so multiplication accumulates exactly in a (high, low) pair of
/// `UInt64`s from `multipliedFullWidth` (UInt128 needs macOS 15). Representations are not
/// unique until `bytes`, which reduces fully. No operation branches on a value, and nothing
/// here allocates.
struct FieldElement: Sendable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64

    static let mask: UInt64 = (1 << 51) - 1
    static let zero = FieldElement(l0: 0, l1: 0, l2: 0, l3: 0, l4: 0)
    static let one = FieldElement(l0: 1, l1: 0, l2: 0, l3: 0, l4: 0)
    /// d = -121665/121666, the curve constant (RFC 8032 section 5.1); computed offline,
    /// checked against its definition by FieldElementTests.
    static let d = FieldElement(l0: 0x34dca135978a3, l1: 0x1a8283b156ebd, l2: 0x5e7a26001c029,
                                l3: 0x739c663a03cbb, l4: 0x52036cee2b6ff)
    static let d2 = d + d
    /// √-1 = 2^((p-1)/4), for square roots (RFC 8032 section 5.1.3); checked like `d`.
    static let sqrtMinusOne = FieldElement(l0: 0x61b274a0ea0b0, l1: 0xd5a5fc8f189d, l2: 0x7ef5e9cbd0c60,
                                           l3: 0x78595a6804c9e, l4: 0x2b8324804fc1d)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64, l4: UInt64) {
        self.l0 = l0; self.l1 = l1; self.l2 = l2; self.l3 = l3; self.l4 = l4
    }

    /// The element whose little-endian encoding is `bytes[offset..<offset+32]`, bit 255
    /// ignored. Whether the encoding is canonical (below p) is `isCanonical`'s question.
    init(bytes: UnsafeRawBufferPointer) {
        func word(_ at: Int) -> UInt64 {
            var w: UInt64 = 0
            for i in 0..<8 { w |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            return w
        }
        let w0 = word(0), w1 = word(8), w2 = word(16), w3 = word(24)
        l0 = w0 & Self.mask
        l1 = (w0 >> 51 | w1 << 13) & Self.mask
        l2 = (w1 >> 38 | w2 << 26) & Self.mask
        l3 = (w2 >> 25 | w3 << 39) & Self.mask
        l4 = (w3 >> 12) & Self.mask
    }

    /// Whether the 32 little-endian bytes, bit 255 ignored, encode a number below p = 2^255 - 19.
    static func isCanonical(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // p is ed ff … ff 7f: only the 19 values p … 2^255 - 1 are not canonical.
        guard bytes[31] & 0x7f == 0x7f else { return true }
        for i in 1..<31 where bytes[i] != 0xff { return true }
        return bytes[0] < 0xed
    }

    /// The canonical 32-byte little-endian encoding (bit 255 clear).
    var bytes: [UInt8] {
        var t = self.carried().carried()
        // t < 2p now: subtract p once if t + 19 reaches 2^255.
        var q = (t.l0 &+ 19) >> 51
        q = (t.l1 &+ q) >> 51
        q = (t.l2 &+ q) >> 51
        q = (t.l3 &+ q) >> 51
        q = (t.l4 &+ q) >> 51
        t.l0 &+= 19 &* q
        t.l1 &+= t.l0 >> 51; t.l0 &= Self.mask
        t.l2 &+= t.l1 >> 51; t.l1 &= Self.mask
        t.l3 &+= t.l2 >> 51; t.l2 &= Self.mask
        t.l4 &+= t.l3 >> 51; t.l3 &= Self.mask
        t.l4 &= Self.mask
        let w0 = t.l0 | t.l1 << 51
        let w1 = t.l1 >> 13 | t.l2 << 38
        let w2 = t.l2 >> 26 | t.l3 << 25
        let w3 = t.l3 >> 39 | t.l4 << 12
        var out = [UInt8](repeating: 0, count: 32)
        for (n, w) in [w0, w1, w2, w3].enumerated() {
            for i in 0..<8 { out[n * 8 + i] = UInt8(truncatingIfNeeded: w >> (8 * UInt64(i))) }
        }
        return out
    }

    /// Whether the element is odd ("negative", RFC 8032 section 5.1.2), by its canonical form.
    var isNegative: Bool { bytes[0] & 1 == 1 }

    var isZero: Bool { bytes.allSatisfy { $0 == 0 } }

    /// Limbs carried down below 2^51 but for l0, which may reach 2^51 + 2^9.
    @inline(__always) func carried() -> FieldElement {
        var r = self
        r.l1 &+= r.l0 >> 51; r.l0 &= Self.mask
        r.l2 &+= r.l1 >> 51; r.l1 &= Self.mask
        r.l3 &+= r.l2 >> 51; r.l2 &= Self.mask
        r.l4 &+= r.l3 >> 51; r.l3 &= Self.mask
        r.l0 &+= 19 &* (r.l4 >> 51); r.l4 &= Self.mask
        return r
    }

    @inline(__always) static func + (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(l0: a.l0 &+ b.l0, l1: a.l1 &+ b.l1, l2: a.l2 &+ b.l2, l3: a.l3 &+ b.l3, l4: a.l4 &+ b.l4).carried()
    }

    /// a - b as a + 4p - b: 4p's limbs exceed any b's (below 2^52), so no limb goes negative.
    @inline(__always) static func - (a: FieldElement, b: FieldElement) -> FieldElement {
        FieldElement(l0: (a.l0 &+ 0x1f_ffff_ffff_ffb4) &- b.l0, l1: (a.l1 &+ 0x1f_ffff_ffff_fffc) &- b.l1,
                     l2: (a.l2 &+ 0x1f_ffff_ffff_fffc) &- b.l2, l3: (a.l3 &+ 0x1f_ffff_ffff_fffc) &- b.l3,
                     l4: (a.l4 &+ 0x1f_ffff_ffff_fffc) &- b.l4).carried()
    }

    @inline(__always) static prefix func - (a: FieldElement) -> FieldElement { zero - a }

    static func * (a: FieldElement, b: FieldElement) -> FieldElement {
        // 2^255 ≡ 19: the limbs of a·b past the fifth fold back times 19.
        let b1 = b.l1 &* 19, b2 = b.l2 &* 19, b3 = b.l3 &* 19, b4 = b.l4 &* 19
        var r0 = Wide(a.l0, b.l0); r0.add(a.l1, b4); r0.add(a.l2, b3); r0.add(a.l3, b2); r0.add(a.l4, b1)
        var r1 = Wide(a.l0, b.l1); r1.add(a.l1, b.l0); r1.add(a.l2, b4); r1.add(a.l3, b3); r1.add(a.l4, b2)
        var r2 = Wide(a.l0, b.l2); r2.add(a.l1, b.l1); r2.add(a.l2, b.l0); r2.add(a.l3, b4); r2.add(a.l4, b3)
        var r3 = Wide(a.l0, b.l3); r3.add(a.l1, b.l2); r3.add(a.l2, b.l1); r3.add(a.l3, b.l0); r3.add(a.l4, b4)
        var r4 = Wide(a.l0, b.l4); r4.add(a.l1, b.l3); r4.add(a.l2, b.l2); r4.add(a.l3, b.l1); r4.add(a.l4, b.l0)
        r1.add(r0.shifted51()); let c0 = r0.low & mask
        r2.add(r1.shifted51()); let c1 = r1.low & mask
        r3.add(r2.shifted51()); let c2 = r2.low & mask
        r4.add(r3.shifted51()); let c3 = r3.low & mask
        let top = r4.shifted51(); let c4 = r4.low & mask
        // top < 2^55 for inputs below 2^52, so top·19 fits; one more carry brings l0 down.
        let l0 = c0 &+ top &* 19
        return FieldElement(l0: l0 & mask, l1: c1 &+ (l0 >> 51), l2: c2, l3: c3, l4: c4)
    }

    @inline(__always) func squared() -> FieldElement { self * self }

    /// self^e for a fixed public exponent given by its bits, most significant first: the
    /// same squarings and multiplications for every self.
    func power(bits: Int, _ bit: (Int) -> Bool) -> FieldElement {
        var r = FieldElement.one
        for i in stride(from: bits - 1, through: 0, by: -1) {
            r = r.squared()
            if bit(i) { r = r * self }
        }
        return r
    }

    /// self^(p-2) = 1/self (0 for 0). p - 2 = 2^255 - 21: bits 254…5 set, then 01011.
    func inverted() -> FieldElement {
        power(bits: 255) { $0 >= 5 || (0b01011 >> $0) & 1 == 1 }
    }

    /// self^((p-5)/8) for square roots. (p-5)/8 = 2^252 - 3: bits 251…2 set, then 01.
    func powerP58() -> FieldElement {
        power(bits: 252) { $0 >= 2 || $0 == 0 }
    }

    /// `b` where `choice` is 1, `a` where it is 0, without a branch.
    @inline(__always) static func select(_ a: FieldElement, _ b: FieldElement, _ choice: UInt64) -> FieldElement {
        let m = 0 &- choice
        return FieldElement(l0: a.l0 ^ (m & (a.l0 ^ b.l0)), l1: a.l1 ^ (m & (a.l1 ^ b.l1)), l2: a.l2 ^ (m & (a.l2 ^ b.l2)),
                            l3: a.l3 ^ (m & (a.l3 ^ b.l3)), l4: a.l4 ^ (m & (a.l4 ^ b.l4)))
    }
}

/// A 128-bit accumulator as (high, low) `UInt64`s, for the field's products.
struct Wide {
    var high: UInt64
    var low: UInt64

    @inline(__always) init(_ a: UInt64, _ b: UInt64) {
        (high, low) = a.multipliedFullWidth(by: b)
    }

    @inline(__always) mutating func add(_ a: UInt64, _ b: UInt64) {
        let p = a.multipliedFullWidth(by: b)
        let (sum, carry) = low.addingReportingOverflow(p.low)
        low = sum
        high = high &+ p.high &+ (carry ? 1 : 0)
    }

    @inline(__always) mutating func add(_ value: UInt64) {
        let (sum, carry) = low.addingReportingOverflow(value)
        low = sum
        high &+= carry ? 1 : 0
    }

    /// The value shifted right by 51 bits; below 2^64 for every sum the field forms.
    @inline(__always) func shifted51() -> UInt64 { high << 13 | low >> 51 }
}
