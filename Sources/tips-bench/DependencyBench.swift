import TipsBenchSupport
import TipsCompile
import TipsRuntime
import TipsSource

/// runtime.donate.dependents: what a donation costs when one tip reads the event, in a
/// catalog of 10,000 tips with 1,000 observed, against the same donation in a catalog of
/// 10 tips, all observed. Dependency-driven re-evaluation makes the two alike.
enum DependencyBench {
    static let donate = Benchmark.timed(
        "runtime.donate.dependents",
        "TipStore.donate of an event read by 1 tip: 10,000 tips (1,000 observed) vs 10 tips (all observed), in memory"
    ) { context in
        let large = makeStore(tips: context.quick ? 2_000 : 10_000, observed: context.quick ? 200 : 1_000)
        let small = makeStore(tips: 10, observed: 10)
        func donate(_ made: (store: TipStore, streams: [AsyncStream<TipStatus>])) -> () -> Int {
            // The closure keeps the streams: a dropped stream stops its observer.
            {
                do { try made.store.donate(dynamic: "rare") } catch { fatal("runtime.donate.dependents: \(error)") }
                return made.streams.count
            }
        }
        return .init(workload: .init(operation: donate(large)),
                     baselines: [("10-tips", .init(operation: donate(small)))])
    }

    /// An in-memory store over `tips` tips: tip T0 reads `rare`; every other tip reads a
    /// parameter and a windowed count of `common` (time-dependent, so it is watched for
    /// wake-ups). Tips T0..T(observed-1) have a status stream each, kept but never read.
    static func makeStore(tips: Int, observed: Int) -> (store: TipStore, streams: [AsyncStream<TipStatus>]) {
        var text = "param level: Int = 3\nevent common\nevent rare\n"
        text += "tip T0 { title \"t\" rule count(rare) >= 1000 }\n"
        for i in 1..<tips {
            text += "tip T\(i) { title \"t\" rule level > \(i % 7) && count(common within 7d) >= \(i % 5) }\n"
        }
        var sources = SourceSet()
        sources.add(path: "dependents.tips", text: text)
        let out = Compiler.compile(sources: sources)
        guard let bytes = out.bytes else {
            fatal("runtime.donate.dependents: the generated catalog does not compile: \(out.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.message))")
        }
        let store: TipStore
        var streams: [AsyncStream<TipStatus>] = []
        do {
            store = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
            for k in 0..<20 { try store.donate(dynamic: "common", at: BenchSupport.now - Int64(k) * 3_600_000) }
            for i in 0..<observed { streams.append(try store.statusUpdates(of: TipKey("T\(i)"))) }
        } catch {
            fatal("runtime.donate.dependents: \(error)")
        }
        return (store, streams)
    }
}
