import TipsBenchSupport
import TipsCompile
import TipsRuntime
import TipsSource

/// explain.matching.*: `TipStore.explanation(of:)` over a journal whose donations all match
/// a filtered window (issue 19: 32,000 of them took 35 s), against the status of the same
/// tips over the same journal (one evaluation, a scan of the window). The search steps
/// through one candidate instant per donation, so a ratio that stays the same from 4,000
/// to 32,000 donations says it costs the same per candidate however long the journal is.
enum ExplainBench {
    static let catalog = """
        enum Kind { a, b }
        event shared(kind: Kind) limit 100000

        tip Counted {
            title "Counted"
            rule count(shared where kind == .a within 30d) >= 50000
        }
        tip Latest {
            title "Latest"
            rule now - last(shared where kind == .b) < 900d && count(shared within 1d) >= 100000
        }
        """

    static let small = matching(donations: 4_000, quick: 1_000)
    static let large = matching(donations: 32_000, quick: 8_000)

    static func matching(donations full: Int, quick: Int) -> Benchmark {
        let label = "\(full / 1000)k"
        return Benchmark.timed(
            "explain.matching.\(label)",
            "TipStore.explanation(of:) of 2 tips over \(full) donations all matching a filtered 30-day window, vs their status"
        ) { context in
            let donations = context.quick ? quick : full
            let store = makeStore(donations: donations)
            let tips = [TipKey("Counted"), TipKey("Latest")]
            // Neither becomes available by time alone within the horizon: the search walks
            // every candidate to its end.
            for tip in tips {
                guard case .needsInput? = try? store.explanation(of: tip).next else {
                    fatal("explain.matching: \(tip.name) should need input, the search must walk the whole horizon")
                }
            }
            return .init(workload: .init(operation: {
                var rules = 0
                for tip in tips { rules &+= (try? store.explanation(of: tip))?.rules.count ?? 0 }
                return rules
            }), baselines: [("status", .init(operation: {
                var pending = 0
                for tip in tips where (try? store.status(of: tip)) == .pending { pending &+= 1 }
                return pending
            }))])
        }
    }

    /// An in-memory store with `donations` donations of `shared`, the first `.b` and the
    /// rest `.a`, spread over the 30 days before `BenchSupport.now`.
    static func makeStore(donations: Int) -> TipStore {
        var sources = SourceSet()
        sources.add(path: "explain.tips", text: catalog)
        let out = Compiler.compile(sources: sources)
        guard let bytes = out.bytes else { fatal("explain.matching: the catalog does not compile: \(out.diagnostics.map(\.message))") }
        let span: Int64 = 30 * 86_400_000
        do {
            let store = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
            for i in 0..<donations {
                let at = BenchSupport.now - span + span * Int64(i) / Int64(donations)
                try store.donate(dynamic: "shared", ["kind": .enumCase(i == 0 ? "b" : "a")], at: at)
            }
            return store
        } catch {
            fatal("explain.matching: \(error)")
        }
    }
}
