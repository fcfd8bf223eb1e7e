import TipsText

/// One named measurement.
///
/// Most benchmarks are timed: `timed(...)` prepares inputs outside the timed region and
/// returns the closure to time plus any baselines (a native Swift version, the reference
/// evaluator), and the runner reports one row per (benchmark, baseline) pair with the ratio
/// from the same run. Others measure something else (allocations, records per second,
/// memory) and produce their rows themselves. To add one, append it to ``Benchmarks/all``.
struct Benchmark: Sendable {
    /// What is timed, with how many logical operations one call performs.
    struct Workload {
        /// Returns a value derived from the work so the optimiser cannot drop it.
        var operation: () -> Int
        /// ns/op divides a call's time by this (e.g. 1000 rule evaluations per call).
        var operationsPerCall: Int = 1
    }

    /// The prepared closures of a timed benchmark.
    struct Prepared {
        var workload: Workload
        /// The comparison points, each with its name (`native`, `reference`).
        var baselines: [(name: String, workload: Workload)] = []
    }

    /// Dotted name, e.g. `check.10k`; `--filter` matches substrings of it.
    var name: String
    /// One line for `--list`.
    var summary: String
    /// Runs the benchmark and returns its rows.
    var run: @Sendable (BenchContext) -> [BenchResult]

    /// A timed benchmark: `prepare` runs once, untimed.
    static func timed(_ name: String, _ summary: String, prepare: @escaping @Sendable (BenchContext) -> Prepared) -> Benchmark {
        Benchmark(name: name, summary: summary) { context in
            let prepared = prepare(context)
            let runner = context.runner
            let samples = runner.samples([prepared.workload] + prepared.baselines.map(\.workload))
            let times = samples.map(runner.median)
            guard !prepared.baselines.isEmpty else { return [BenchResult(name: name, nsPerOp: times[0])] }
            return prepared.baselines.enumerated().map { i, baseline in
                // The spread: the ratio round by round (both sides under the same load),
                // its median and quartiles, and each side's fastest sample.
                let ratios = runner.pairedRatios(samples[0], samples[i + 1])
                let (p25, p50, p75) = (runner.quantile(ratios, 0.25), runner.quantile(ratios, 0.5), runner.quantile(ratios, 0.75))
                let fastest = (samples[0].min() ?? 0, samples[i + 1].min() ?? 0)
                var row = BenchResult(name: name, nsPerOp: times[0], baseline: baseline.name, baselineNsPerOp: times[i + 1])
                row.extra = [("paired_ratio_p25", .double(p25)), ("paired_ratio_p50", .double(p50)),
                             ("paired_ratio_p75", .double(p75)), ("min_ns_per_op", .double(fastest.0)),
                             ("baseline_min_ns_per_op", .double(fastest.1))]
                row.note = "rounds \(formatDecimal(p50, places: 2)) (\(formatDecimal(p25, places: 2))–\(formatDecimal(p75, places: 2))), "
                    + "fastest \(nanoseconds(fastest.0))/\(nanoseconds(fastest.1))"
                return row
            }
        }
    }
}

/// What every benchmark may read: the timing settings and the command-line choices.
struct BenchContext: Sendable {
    var runner: BenchmarkRunner
    /// `--quick`: smaller inputs and fewer samples (a smoke run for CI).
    var quick: Bool
    /// `--journal-file`: the 1,000,000-line journal to replay (generated there if missing
    /// and kept), so scripts/bench-journal-replay.sh can give Python the same file.
    var journalFile: String?
    /// A fresh directory for the benchmarks' files, removed at exit.
    var scratch: String
}

/// One output row: a time (and baseline), or another measured quantity.
struct BenchResult {
    var name: String
    var nsPerOp: Double?
    var baseline: String?
    var baselineNsPerOp: Double?
    /// Extra JSON members after the standard keys (`allocs_per_op`, `records_per_second`, ...).
    var extra: [(String, JSON)] = []
    /// What the table shows in its last column (`0 allocs/op`, `41,000 records/s`).
    var note: String = ""


    /// `ns_per_op / baseline_ns_per_op`, when both exist.
    var ratio: Double? {
        guard let ns = nsPerOp, let base = baselineNsPerOp else { return nil }
        return ns / max(base, 1e-9)
    }
}
