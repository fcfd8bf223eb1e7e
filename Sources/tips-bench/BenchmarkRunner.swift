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
        nanosecondsPerOperation([workload])[0]
    }

    /// The median time of one operation of each workload, in nanoseconds. Samples are
    /// interleaved (one of each per round), so a benchmark and its baselines see the same
    /// machine load: on a shared machine that keeps their ratio far steadier than timing
    /// one after the other.
    func nanosecondsPerOperation(_ workloads: [Benchmark.Workload]) -> [Double] {
        samples(workloads).map(median)
    }

    /// Every timed sample (ns per operation) of each workload, round by round: sample `r`
    /// of every workload comes from the same round, so their ratio compares the two under
    /// the same load (`pairedRatios`).
    func samples(_ workloads: [Benchmark.Workload]) -> [[Double]] {
        let clock = ContinuousClock()
        // Warm up each, at least one call; the last call's time calibrates its sample size.
        let callsPerSample = workloads.map { workload -> Int in
            var lastCall = Duration.zero
            let warmupStart = clock.now
            repeat {
                let start = clock.now
                consume(workload.operation())
                lastCall = clock.now - start
            } while clock.now - warmupStart < warmup
            return max(1, Int(nanoseconds(targetSample) / max(1, nanoseconds(lastCall))))
        }
        var times = [[Double]](repeating: [], count: workloads.count)
        for _ in 0..<max(1, samples) {
            for (i, workload) in workloads.enumerated() {
                let start = clock.now
                for _ in 0..<callsPerSample[i] { consume(workload.operation()) }
                let elapsed = nanoseconds(clock.now - start)
                times[i].append(elapsed / Double(callsPerSample[i] * max(1, workload.operationsPerCall)))
            }
        }
        return times
    }

    /// The ratio of `a` to `b` in each round (the same length as both), sorted.
    func pairedRatios(_ a: [Double], _ b: [Double]) -> [Double] {
        zip(a, b).map { $0 / max($1, 1e-9) }.sorted()
    }

    /// The `p`-th quantile (0...1) of sorted `values`, nearest rank (0 when empty).
    func quantile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count - 1)).rounded())))]
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
