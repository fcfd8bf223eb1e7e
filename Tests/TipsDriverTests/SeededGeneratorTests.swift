import Testing
import TipsDriver

@Suite struct SeededGeneratorTests {
    /// The first outputs of SplitMix64 for three seeds, as printed by Java 17's
    /// `new java.util.SplittableRandom(seed).nextLong()` (unsigned): the same algorithm and
    /// constants, an implementation that is not ours.
    static let vectors: [(UInt64, [UInt64])] = [
        (0, [16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679]),
        (42, [13_679_457_532_755_275_413, 2_949_826_092_126_892_291, 5_139_283_748_462_763_858]),
        (1_234_567, [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423]),
    ]

    @Test(arguments: vectors)
    func matchesJavasSplittableRandom(seed: UInt64, expected: [UInt64]) {
        var generator = SeededGenerator(seed: seed)
        #expect((0..<3).map { _ in generator.next() } == expected)
    }

    @Test func boundedDrawsStayInRange() {
        var generator = SeededGenerator(seed: 7)
        #expect((0..<1000).allSatisfy { _ in (0..<13).contains(generator.below(13)) })
        #expect(generator.below(0) == 0)
        #expect(generator.below(-4) == 0)
    }
}
