extension Ed25519 {
    /// A signing key: the 32-byte seed of RFC 8032 section 5.1.5, kept by whoever publishes
    /// catalogs (`tipc keygen` makes one, `tipc publish` signs with it), never by apps.
    public struct PrivateKey: Sendable {
        /// The 32-byte seed.
        public let rawRepresentation: [UInt8]
        /// The clamped secret scalar s, and the prefix that makes nonces.
        let scalar: [UInt8]
        let prefix: [UInt8]
        public let publicKey: PublicKey

        /// The key with seed `rawRepresentation` (32 bytes).
        public init(rawRepresentation seed: [UInt8]) throws(KeyError) {
            guard seed.count == keyByteCount else { throw .wrongLength(seed.count) }
            let h = SHA512.hash(seed)
            var s = Array(h[0..<32])
            s[0] &= 248
            s[31] &= 127
            s[31] |= 64
            rawRepresentation = seed
            scalar = s
            prefix = Array(h[32..<64])
            let encoded = EdwardsPoint.base.multiplied(bySecret: s).encoded
            // A clamped scalar is a multiple of 8 below 2^255 and not a multiple of L, so [s]B
            // always has the full order: the public key is valid by construction.
            do {
                publicKey = try PublicKey(rawRepresentation: encoded)
            } catch {
                preconditionFailure("a derived Ed25519 public key is valid: \(error)")
            }
        }

        /// A new key from the system's cryptographically secure generator.
        public init() {
            var generator = SystemRandomNumberGenerator()
            var seed = [UInt8](repeating: 0, count: keyByteCount)
            for i in seed.indices { seed[i] = generator.next() }
            do { try self.init(rawRepresentation: seed) } catch { preconditionFailure("32 bytes make a seed") }
        }

        /// The deterministic signature of `message` (RFC 8032 section 5.1.6).
        public func signature(for message: [UInt8]) -> [UInt8] {
            let r = Scalar.reduce(Scalar.words(Ed25519.hash(prefix, message)[...]))
            let commitment = EdwardsPoint.base.multiplied(bySecret: r).encoded
            let k = Scalar.reduce(Scalar.words(Ed25519.hash(commitment, publicKey.rawRepresentation, message)[...]))
            return commitment + Scalar.multiplyAdd(k, scalar, r)
        }
    }
}
