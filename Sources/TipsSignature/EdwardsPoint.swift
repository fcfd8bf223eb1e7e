/// A point of edwards25519, -x² + y² = 1 + d·x²·y² over GF(2^255 - 19), in extended
/// coordinates (X : Y : Z : T) with x = X/Z, y = Y/Z, x·y = T/Z (Hisil, Wong, Carter and
/// Dawson, "Twisted Edwards curves revisited", 2008).
///
/// Addition uses the unified formula, complete on this curve (d is not a square), so it
/// needs no special cases for doubling or the identity.
struct EdwardsPoint: Sendable {
    var x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement

    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// B, the base point (RFC 8032 section 5.1): y = 4/5, x positive, encoded 0x58 0x66….
    static let base: EdwardsPoint = {
        var encoding = [UInt8](repeating: 0x66, count: 32)
        encoding[0] = 0x58
        guard let point = EdwardsPoint(encoding: encoding) else { preconditionFailure("the base point decodes") }
        return point
    }()

    init(x: FieldElement, y: FieldElement, z: FieldElement, t: FieldElement) {
        self.x = x; self.y = y; self.z = z; self.t = t
    }

    /// Decodes a 32-byte encoding (RFC 8032 section 5.1.3), strictly: nil unless y < p,
    /// the point is on the curve, and x = 0 comes with sign bit 0. So every point has one
    /// accepted encoding, the one `encoded` gives.
    init?(encoding: [UInt8]) {
        guard encoding.count == 32 else { return nil }
        let decoded: (FieldElement, Bool)? = encoding.withUnsafeBytes { raw in
            guard FieldElement.isCanonical(raw) else { return nil }
            return (FieldElement(bytes: raw), raw[31] >> 7 == 1)
        }
        guard let (y, sign) = decoded else { return nil }
        let y2 = y.squared()
        let u = y2 - .one
        let v = FieldElement.d * y2 + .one
        // x = u·v³·(u·v⁷)^((p-5)/8) is a square root of u/v when one exists.
        let v3 = v.squared() * v
        let v7 = v3.squared() * v
        var x = u * v3 * (u * v7).powerP58()
        let vx2 = v * x.squared()
        if (vx2 - u).isZero {
            // x is the root.
        } else if (vx2 + u).isZero {
            x = x * .sqrtMinusOne
        } else {
            return nil
        }
        if x.isZero && sign { return nil }
        if x.isNegative != sign { x = -x }
        self.init(x: x, y: y, z: .one, t: x * y)
    }

    /// The canonical 32-byte encoding: y, with x's sign in bit 255.
    var encoded: [UInt8] {
        let inverse = z.inverted()
        let ax = x * inverse
        var out = (y * inverse).bytes
        if ax.isNegative { out[31] |= 0x80 }
        return out
    }

    static func + (p: EdwardsPoint, q: EdwardsPoint) -> EdwardsPoint {
        let a = (p.y - p.x) * (q.y - q.x)
        let b = (p.y + p.x) * (q.y + q.x)
        let c = p.t * FieldElement.d2 * q.t
        let zz = p.z * q.z
        let d = zz + zz
        let e = b - a, f = d - c, g = d + c, h = b + a
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    /// 2·self ("dbl-2008-hwcd" with a = -1); the same as self + self, in fewer multiplications.
    func doubled() -> EdwardsPoint {
        let a = x.squared()
        let b = y.squared()
        let zz = z.squared()
        let c = zz + zz
        let e = (x + y).squared() - a - b
        let g = b - a
        let f = g - c
        let h = -(a + b)
        return EdwardsPoint(x: e * f, y: g * h, z: f * g, t: e * h)
    }

    static prefix func - (p: EdwardsPoint) -> EdwardsPoint {
        EdwardsPoint(x: -p.x, y: p.y, z: p.z, t: -p.t)
    }

    /// Whether this is the identity (0, 1): X = 0 and Y = Z.
    var isIdentity: Bool { x.isZero && (y - z).isZero }

    /// Whether the point's order divides 8 (the identity and the seven other torsion
    /// points): such keys and commitments sign nothing meaningful.
    var hasSmallOrder: Bool { doubled().doubled().doubled().isIdentity }

    /// [scalar]self for a secret 32-byte little-endian scalar: a double, an add and a
    /// branch-free select for each of the 256 bits, whatever their values.
    func multiplied(bySecret scalar: [UInt8]) -> EdwardsPoint {
        var r = EdwardsPoint.identity
        for i in stride(from: 255, through: 0, by: -1) {
            r = r.doubled()
            let sum = r + self
            let bit = UInt64(scalar[i >> 3] >> UInt8(i & 7) & 1)
            r = EdwardsPoint(x: .select(r.x, sum.x, bit), y: .select(r.y, sum.y, bit),
                             z: .select(r.z, sum.z, bit), t: .select(r.t, sum.t, bit))
        }
        return r
    }

    /// [a]B + [b]p for public 32-byte little-endian scalars (Straus's method: one shared
    /// chain of doublings). Verification's only multiplication; its inputs are public, so
    /// it may take time that depends on them.
    static func baseCombination(_ a: [UInt8], _ b: [UInt8], _ p: EdwardsPoint) -> EdwardsPoint {
        let both = base + p
        var r = EdwardsPoint.identity
        for i in stride(from: 255, through: 0, by: -1) {
            r = r.doubled()
            let bitA = a[i >> 3] >> UInt8(i & 7) & 1, bitB = b[i >> 3] >> UInt8(i & 7) & 1
            switch (bitA, bitB) {
            case (1, 1): r = r + both
            case (1, _): r = r + base
            case (_, 1): r = r + p
            default: break
            }
        }
        return r
    }
}
