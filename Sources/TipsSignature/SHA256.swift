/// SHA-256 (FIPS 180-4, section 6.2): the digest a catalog manifest records of its bundle,
/// which any static host or CDN tool can compute too.
///
/// Streaming like `SHA512`: `update` any number of times, then `finalize` once; nothing is
/// allocated per block.
public struct SHA256: Sendable {
    /// The digest's length in bytes.
    public static let byteCount = 32

    private var state: [UInt32] = SHA256.initial
    private var block = [UInt8](repeating: 0, count: 64)
    private var schedule = [UInt32](repeating: 0, count: 64)
    private var pending = 0
    private var length: UInt64 = 0

    public init() {}

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the bytes of `buffer` to the message.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        length &+= UInt64(buffer.count)
        var offset = 0
        if pending > 0 {
            let take = min(64 - pending, buffer.count)
            for i in 0..<take { block[pending + i] = buffer[i] }
            pending += take
            offset = take
            guard pending == 64 else { return }
            block.withUnsafeBytes { compress($0) }
            pending = 0
        }
        while buffer.count - offset >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + 64)]))
            offset += 64
        }
        for i in offset..<buffer.count { block[i - offset] = buffer[i] }
        pending = buffer.count - offset
    }

    /// The digest of everything added; the hasher is spent afterwards.
    public mutating func finalize() -> [UInt8] {
        let bits = length << 3
        var tail = [UInt8](repeating: 0, count: pending < 56 ? 64 - pending : 128 - pending)
        tail[0] = 0x80
        for i in 0..<8 { tail[tail.count - 1 - i] = UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i))) }
        let saved = length
        update(tail)
        length = saved
        var digest = [UInt8](repeating: 0, count: 32)
        for (i, word) in state.enumerated() {
            for j in 0..<4 { digest[i * 4 + j] = UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(j))) }
        }
        return digest
    }

    private mutating func compress(_ data: UnsafeRawBufferPointer) {
        schedule.withUnsafeMutableBufferPointer { w in
            for t in 0..<16 {
                var word: UInt32 = 0
                for j in 0..<4 { word = word << 8 | UInt32(data[t * 4 + j]) }
                w[t] = word
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            state.withUnsafeMutableBufferPointer { h in
                var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7]
                for t in 0..<64 {
                    let t1 = k &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ SHA256.constants[t] &+ w[t]
                    let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                    k = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
                h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
                h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= k
            }
        }
    }

    /// H(0), FIPS 180-4 section 5.3.3.
    private static let initial: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]

    /// K, FIPS 180-4 section 4.2.2.
    private static let constants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}

@inline(__always) private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { x >> n | x << (32 - n) }
