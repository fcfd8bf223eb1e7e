/// One named measurement.
///
/// `prepare` builds the inputs outside the timed region and returns the closures to time.
/// To add a benchmark, append one to ``Benchmarks/all``; a rule-evaluation benchmark returns
/// its VM run as `operation` and a native Swift (or reference evaluator) version of the same
/// rules as `baseline`, and the runner reports both and their ratio.
struct Benchmark: Sendable {
    /// What is timed, with how many logical operations one call performs.
    struct Workload {
        /// Returns a value derived from the work so the optimiser cannot drop it.
        var operation: () -> Int
        /// ns/op divides a call's time by this (e.g. 1000 rule evaluations per call).
        var operationsPerCall: Int = 1
    }

    /// The prepared closures.
    struct Prepared {
        var workload: Workload
        /// The comparison point, if the benchmark has one, and its name.
        var baseline: (name: String, workload: Workload)?
    }

    /// Dotted name, e.g. `check.10k`; `--filter` matches substrings of it.
    var name: String
    /// One line for `--list`.
    var summary: String
    var prepare: @Sendable () -> Prepared
}
