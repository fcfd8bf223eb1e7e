/// Times workloads: warm-up, calibration, then repeated samples; reports the median.
///
/// The median (not the mean) keeps one descheduled sample on a shared machine from moving
/// the figure.
struct BenchmarkRunner: Sendable {
    /// Time spent running the workload before measuring (caches, lazy initialisation).
    var warmup: Duration = .milliseconds(300)
    /// Aim for samples at least this long, so clock resolution does not matter.
    var targetSample: Duration = .milliseconds(50)
    /// Number of timed samples.
    var samples = 11

    /// The median time of one operation, in nanoseconds.
    func nanosecondsPerOperation(_ workload: Benchmark.Workload) -> Double {
        let clock = ContinuousClock()
        // Warm up, at least one call; the last call's time calibrates the sample size.
        var lastCall = Duration.zero
        let warmupStart = clock.now
        repeat {
            let start = clock.now
            consume(workload.operation())
            lastCall = clock.now - start
        } while clock.now - warmupStart < warmup

        let callNanoseconds = max(1, nanoseconds(lastCall))
        let callsPerSample = max(1, Int(nanoseconds(targetSample) / callNanoseconds))
        var times: [Double] = []
        for _ in 0..<max(1, samples) {
            let start = clock.now
            for _ in 0..<callsPerSample { consume(workload.operation()) }
            let elapsed = nanoseconds(clock.now - start)
            times.append(elapsed / Double(callsPerSample * max(1, workload.operationsPerCall)))
        }
        return median(times)
    }

    /// The median of `values` (0 when empty).
    func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func nanoseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// Keeps results alive so the optimiser cannot remove the measured work.
nonisolated(unsafe) private var sink = 0

@inline(never)
func consume(_ value: Int) {
    sink &+= value
}
