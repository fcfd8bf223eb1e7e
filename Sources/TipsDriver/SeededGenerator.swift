/// SplitMix64 (Steele, Lea and Flood; the generator behind Java's `SplittableRandom`): a small
/// seeded generator, so generated catalogs, states and randomized tests repeat exactly from
/// their seed on every platform. The one seeded generator of the package: `CatalogGenerator`,
/// the benchmarks and the tests all draw from it (TipsBenchSupport re-exports it).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The running state.
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n` (0 when n <= 0).
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A uniformly chosen element (`items` must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
