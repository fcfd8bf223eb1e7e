import Testing
import TipsBenchSupport
@testable import TipsSignature

/// The field and the curve below Ed25519: the constants against their definitions, the
/// arithmetic against identities, and the strict decoding of points.
@Suite struct FieldElementTests {
    static func element(_ n: UInt64) -> FieldElement { FieldElement(l0: n, l1: 0, l2: 0, l3: 0, l4: 0) }

    static func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex) ?? [] }

    @Test func constantsMeetTheirDefinitions() {
        // d·121666 = -121665
        #expect((FieldElement.d * Self.element(121666)).bytes == (-Self.element(121665)).bytes)
        // (√-1)² = -1
        #expect(FieldElement.sqrtMinusOne.squared().bytes == (-FieldElement.one).bytes)
        #expect(FieldElement.d2.bytes == (FieldElement.d + FieldElement.d).bytes)
    }

    @Test func inversionAndReduction() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            var raw = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            raw[31] &= 0x7f
            let a = raw.withUnsafeBytes { FieldElement(bytes: $0) }
            guard !a.isZero else { continue }
            #expect((a * a.inverted()).bytes == FieldElement.one.bytes)
            #expect((a - a).isZero)
            #expect(((a + a) - a).bytes == a.bytes)
        }
        // p itself and p + 1 reduce to 0 and 1; 2^255 - 1 (= p + 18) to 18.
        let p = Self.bytes("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        #expect(p.withUnsafeBytes { FieldElement(bytes: $0) }.bytes == FieldElement.zero.bytes)
        #expect(p.withUnsafeBytes { FieldElement.isCanonical($0) } == false)
        let below = Self.bytes("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        #expect(below.withUnsafeBytes { FieldElement.isCanonical($0) })
        let top = Self.bytes("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
        #expect(top.withUnsafeBytes { FieldElement(bytes: $0) }.bytes == Self.element(18).bytes)
    }

    @Test func theBasePointRoundTripsAndHasOrderL() {
        let base = EdwardsPoint.base
        #expect(Hex.encode(base.encoded) == "5866666666666666666666666666666666666666666666666666666666666666")
        #expect(!base.hasSmallOrder)
        // [L]B is the identity; [L-1]B = -B.
        let order = Self.bytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        #expect(base.multiplied(bySecret: order).isIdentity)
        var lessOne = order
        lessOne[0] -= 1
        #expect(base.multiplied(bySecret: lessOne).encoded == (-base).encoded)
    }

    @Test func doublingIsAddingToItself() {
        var p = EdwardsPoint.base
        for _ in 0..<10 {
            #expect(p.doubled().encoded == (p + p).encoded)
            p = p + EdwardsPoint.base.doubled()
        }
        #expect((p + EdwardsPoint.identity).encoded == p.encoded)
        #expect((p + -p).isIdentity)
    }

    /// Strict decoding: y ≥ p, x = 0 with the sign bit, and points off the curve are refused.
    @Test(arguments: [
        // y = 1 written as p + 1: the identity, non-canonically.
        ("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", false),
        // y = 1 canonically: the identity.
        ("0100000000000000000000000000000000000000000000000000000000000000", true),
        // The identity with the sign bit: x = 0 cannot be negative.
        ("0100000000000000000000000000000000000000000000000000000000000080", false),
        // y = p - 1 (the point of order 2) and its "negative zero" twin.
        ("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", true),
        ("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", false),
        // y = 2: u/v is not a square, so no point has it.
        ("0200000000000000000000000000000000000000000000000000000000000000", false),
        // y = p: non-canonical zero.
        ("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", false),
    ]) func strictDecoding(_ encoding: String, _ accepted: Bool) {
        let point = EdwardsPoint(encoding: Self.bytes(encoding))
        #expect((point != nil) == accepted)
        if let point { #expect(Hex.encode(point.encoded) == encoding) }
    }

    @Test func scalarReductionAndCanonicalS() {
        let order = Self.bytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")
        #expect(!Scalar.isCanonical(order[...]))
        var lessOne = order
        lessOne[0] -= 1
        #expect(Scalar.isCanonical(lessOne[...]))
        #expect(Scalar.reduce(Scalar.words(order[...])) == [UInt8](repeating: 0, count: 32))
        #expect(Scalar.reduce(Scalar.words(lessOne[...])) == lessOne)
        // (L-1)·(L-1) + 0 ≡ 1 (mod L)
        var one = [UInt8](repeating: 0, count: 32)
        one[0] = 1
        #expect(Scalar.multiplyAdd(lessOne, lessOne, [UInt8](repeating: 0, count: 32)) == one)
        // (L-1)·1 + 1 ≡ 0
        #expect(Scalar.multiplyAdd(lessOne, one, one) == [UInt8](repeating: 0, count: 32))
    }
}
