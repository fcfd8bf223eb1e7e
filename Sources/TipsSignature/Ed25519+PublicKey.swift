extension Ed25519 {
    /// A key that verifies signatures; apps ship these (with ids, so keys can rotate).
    public struct PublicKey: Sendable, Hashable {
        /// The 32-byte encoding (RFC 8032 section 5.1.2).
        public let rawRepresentation: [UInt8]
        let point: EdwardsPoint
        /// -A, which verification adds.
        let negated: EdwardsPoint

        /// The key encoded by `rawRepresentation`; throws for anything but the canonical
        /// encoding of a point outside the small-order subgroup.
        public init(rawRepresentation: [UInt8]) throws(KeyError) {
            guard rawRepresentation.count == keyByteCount else { throw .wrongLength(rawRepresentation.count) }
            guard let point = EdwardsPoint(encoding: rawRepresentation) else { throw .notAPoint }
            guard !point.hasSmallOrder else { throw .smallOrder }
            self.rawRepresentation = rawRepresentation
            self.point = point
            self.negated = -point
        }

        /// Whether `signature` is this key's signature of `message`, under the strict rules
        /// of `Ed25519`. Any other length than 64 bytes is simply not a signature.
        public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
            guard signature.count == signatureByteCount else { return false }
            let r = Array(signature[0..<32]), s = Array(signature[32..<64])
            guard Scalar.isCanonical(s[...]) else { return false }
            guard let commitment = EdwardsPoint(encoding: r), !commitment.hasSmallOrder else { return false }
            let k = Scalar.reduce(Scalar.words(Ed25519.hash(r, rawRepresentation, message)[...]))
            let check = EdwardsPoint.baseCombination(s, k, negated)
            return ConstantTime.equal(check.encoded, r)
        }

        public static func == (a: PublicKey, b: PublicKey) -> Bool { a.rawRepresentation == b.rawRepresentation }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawRepresentation) }
    }
}
