import Foundation
import TipsBenchSupport
import TipsCompile
import TipsRuntime

/// runtime.events.donate: what an effectiveness-event sink (Docs/events.md) costs `donate`.
enum EventsBench {
    static let donate = Benchmark.timed(
        "runtime.events.donate",
        "1,000 donations to an in-memory store over the 1,000-tip catalog with an event sink registered, vs the same store without one, and with every tip observed instead"
    ) { context in
        let bytes = Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)
        func store(sink: Bool, observed: Bool = false) -> TipStore {
            do {
                let s = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
                // What a sink evaluates is what observing every tip evaluates: the readers of
                // each donated event (plus, per reader, what holds it back).
                if observed { for name in s.tipNames { _ = try s.observeStatus(of: TipKey(name)) { _ in } } }
                if sink {
                    let received = Counter()
                    try s.setEventSink(EventSinkOptions(catalog: CatalogIdentity(name: "bench", version: 1))) { received.add($0.count) }
                }
                return s
            } catch {
                fatal("runtime.events.donate: \(error)")
            }
        }
        let with = store(sink: true), without = store(sink: false), observed = store(sink: false, observed: true)
        let events = ["appOpen", "manualSave", "share"]
        func donations(_ s: TipStore) -> () -> Int {
            {
                for i in 0..<1000 { try? s.donate(dynamic: events[i % events.count]) }
                return 1000
            }
        }
        return .init(workload: .init(operation: donations(with), operationsPerCall: 1000),
                     baselines: [("no sink", .init(operation: donations(without), operationsPerCall: 1000)),
                                 ("every tip observed", .init(operation: donations(observed), operationsPerCall: 1000))])
    }

    /// Counts delivered events (the sink's whole job here).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0
        func add(_ n: Int) { lock.withLock { total += n } }
    }
}
