/// Uniform draws in 0..<1 for the backoff's jitter: SplitMix64 from a seed (deterministic,
/// for tests), or the system's generator.
struct JitterSource: Sendable {
    private var state: UInt64
    private let seeded: Bool

    init(seed: UInt64?) {
        state = seed ?? 0
        seeded = seed != nil
    }

    mutating func next() -> Double {
        let bits: UInt64
        if seeded {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            bits = z ^ (z >> 31)
        } else {
            var g = SystemRandomNumberGenerator()
            bits = g.next()
        }
        // The top 53 bits: every value exactly representable, strictly below 1.
        return Double(bits >> 11) * 0x1p-53
    }
}
