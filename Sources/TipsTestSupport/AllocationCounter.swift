/// Counts the malloc-family calls (every heap allocation: Swift arrays, strings, class
/// instances, boxes, closure contexts, `UnsafeMutablePointer.allocate`, C code) made by
/// the calling thread while a closure runs — for benchmarks and for the test that the VM
/// allocates nothing per evaluation.
///
/// The count comes from `scripts/malloc-count.c`, preloaded into the process
/// (`scripts/count-allocations.sh`); without it `measure` returns nil. Counting is
/// per thread, so concurrent work elsewhere does not disturb it.
public struct AllocationCounter: Sendable, CustomStringConvertible {
    /// Malloc-family calls.
    public var allocations: Int
    /// Iterations measured.
    public var iterations: Int

    /// Whether the counter is present in this process.
    public static var isAvailable: Bool { AllocationHooks.counter != nil }

    /// Runs `body` `iterations` times (after one warm-up run) and counts its allocations.
    /// Returns nil when the counter is not preloaded.
    public static func measure(iterations: Int, _ body: () -> Void) -> AllocationCounter? {
        guard let counter = AllocationHooks.counter else { return nil }
        body()
        let before = counter()
        for _ in 0..<iterations { body() }
        return AllocationCounter(allocations: counter() &- before, iterations: iterations)
    }

    /// Allocations per iteration.
    public var allocationsPerIteration: Double { iterations == 0 ? 0 : Double(allocations) / Double(iterations) }

    public var description: String { "\(allocationsPerIteration) allocations per iteration over \(iterations)" }
}
