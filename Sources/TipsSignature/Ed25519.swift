/// Ed25519 signatures (RFC 8032 section 5.1), written here because the package may depend
/// on nothing outside the Swift toolchain, and kept to this module so it is reviewed and
/// tested in one place.
///
/// `tipc publish` signs with a `PrivateKey`; apps verify with the `PublicKey`s they ship.
/// Verification is strict, so that one message has at most one accepted signature under
/// one key and every verifier agrees:
/// - S must be below L (no malleable S + L);
/// - R and the public key must be canonical encodings (y < p, no "negative zero");
/// - neither R nor the public key may have small order (the eight torsion points);
/// - the equation is the cofactorless [S]B = R + [k]A, checked by comparing R's bytes with
///   the encoding of [S]B - [k]A in constant time.
/// That is the behaviour of libsodium and of ed25519-dalek's `verify_strict` on the
/// edge-case vectors of "Taming the many EdDSAs" (Chalkias, Garillot, Nikolaenko, 2020).
public enum Ed25519 {
    /// Public keys and seeds are 32 bytes, signatures 64.
    public static let keyByteCount = 32
    public static let signatureByteCount = 64

    /// What makes bytes unusable as a key.
    public enum KeyError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not 32 bytes.
        case wrongLength(Int)
        /// Not the canonical encoding of a curve point.
        case notAPoint
        /// One of the eight small-order points: it would accept signatures anyone can make.
        case smallOrder

        public var description: String {
            switch self {
            case .wrongLength(let count): "an Ed25519 key is \(Ed25519.keyByteCount) bytes, not \(count)"
            case .notAPoint: "the bytes are not the canonical encoding of an edwards25519 point"
            case .smallOrder: "the key is a small-order point, which would accept forged signatures"
            }
        }
    }

    /// SHA-512 of the concatenation of `parts`.
    static func hash(_ parts: [UInt8]...) -> [UInt8] {
        var hasher = SHA512()
        for part in parts { hasher.update(part) }
        return hasher.finalize()
    }
}
