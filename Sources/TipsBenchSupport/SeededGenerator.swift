import TipsDriver

/// The package's seeded generator (SplitMix64), defined once in TipsDriver beside the catalog
/// generator that ships with `tipc`; named here so benchmarks and tests keep one import.
public typealias SeededGenerator = TipsDriver.SeededGenerator
