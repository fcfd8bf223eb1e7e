import Foundation
import TipsBenchSupport
import TipsCompile
import TipsBytecode
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

    /// The 1,000-tip catalog's bundle, with a goal (7d, no filter) on event `goalEvent` for
    /// every tenth tip when `goalEvent` is given.
    static func goalBundle(goalEvent: String?) -> [UInt8] {
        var bundle = BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle
        if let goalEvent, let e = bundle.events.firstIndex(where: { bundle.strings[Int($0.name)] == goalEvent }) {
            for t in stride(from: 0, to: bundle.tips.count, by: 10) {
                bundle.goals.append(GoalSchema(tip: UInt32(t), event: UInt32(e), window: 7 * 86_400_000))
            }
        }
        return Compiler.encode(bundle)
    }

    static func sinkStore(_ bytes: [UInt8], sink: Bool = true) -> TipStore {
        do {
            let s = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
            if sink {
                let received = Counter()
                try s.setEventSink(EventSinkOptions(catalog: CatalogIdentity(name: "bench", version: 1))) { received.add($0.count) }
            }
            return s
        } catch {
            fatal("runtime.events.goals: \(error)")
        }
    }

    /// runtime.events.goals: what goals cost a donation with a sink: 100 of the 1,000 tips
    /// have a goal on a donated event (never shown, so none converts: the check is all the
    /// work) vs the same catalog without goals.
    static let goals = Benchmark.timed(
        "runtime.events.goals",
        "1,000 donations with an event sink, 100 tips having a goal on one of the donated events, vs the same catalog without goals"
    ) { context in
        let with = sinkStore(goalBundle(goalEvent: "manualSave")), without = sinkStore(goalBundle(goalEvent: nil))
        let events = ["appOpen", "manualSave", "share"]
        func donations(_ s: TipStore) -> () -> Int {
            {
                for i in 0..<1000 { try? s.donate(dynamic: events[i % events.count]) }
                return 1000
            }
        }
        return .init(workload: .init(operation: donations(with), operationsPerCall: 1000),
                     baselines: [("no goals", .init(operation: donations(without), operationsPerCall: 1000))])
    }

    /// alloc.runtime.events.donate.*: heap allocations per donation of `share` with no sink,
    /// with a sink and no goals, and with a sink and goals on another event: a goal that is
    /// not on the donated event must add none.
    static let goalAllocations = Benchmark(
        name: "alloc.runtime.events.donate",
        summary: "heap allocations per donate: no sink, a sink without goals, a sink with goals on another event"
    ) { context in
        let runs = context.quick ? 2 : 20
        let stores = [("nosink", sinkStore(goalBundle(goalEvent: nil), sink: false)),
                      ("sink.nogoals", sinkStore(goalBundle(goalEvent: nil))),
                      ("sink.goalsElsewhere", sinkStore(goalBundle(goalEvent: "manualSave")))]
        return stores.map { name, store in
            let perRun = MallocCounter.allocationsPerRun(iterations: runs) {
                for _ in 0..<100 { try? store.donate(dynamic: "share") }
                store.flushEvents()
            }
            return RuleBenchmarks.allocationRow("alloc.runtime.events.donate.\(name)", perRun.map { $0 / 100 })
        }
    }

    /// Counts delivered events (the sink's whole job here).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0
        func add(_ n: Int) { lock.withLock { total += n } }
    }
}
