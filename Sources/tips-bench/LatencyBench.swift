import Dispatch
import Foundation
import TipsBenchSupport
import TipsCompile
import TipsRuntime

/// runtime.donate.latency.* and runtime.setParameter.latency.*: what one call costs the
/// thread that makes it (a UI thread), per durability mode, as percentiles of single calls
/// on a journal in the scratch directory (the disk's real fsync).
enum LatencyBench {
    /// The modes compared; nil is an in-memory store: the same call with no journal at all,
    /// the floor that shows what the machine adds (a descheduled thread) without any I/O.
    static let modes: [(label: String, durability: TipStore.Durability?)] = [
        ("async", .asynchronous), ("synced", .synced), ("memory", nil),
    ]

    static let donate = Benchmark(
        name: "runtime.donate.latency",
        summary: "latency of single TipStore.donate calls (p50/p99/max) with asynchronous (default) and synced durability"
    ) { context in
        modes.map { mode in
            row("runtime.donate.latency.\(mode.label)", mode.durability, context) { (store: TipStore, _: Int) throws(TipStoreError) in
                try store.donate(dynamic: "appOpen")
            }
        }
    }

    static let setParameter = Benchmark(
        name: "runtime.setParameter.latency",
        summary: "latency of single TipStore.setParameter calls (each a new value) with asynchronous and synced durability"
    ) { context in
        modes.map { mode in
            row("runtime.setParameter.latency.\(mode.label)", mode.durability, context) { (store: TipStore, i: Int) throws(TipStoreError) in
                try store.setParameter(dynamic: "launches", to: .int(Int64(i)))
            }
        }
    }

    /// Times `calls` single calls back to back (the worst case for the background writer:
    /// it is always busy) on a fresh store over the 1,000-tip catalog, then the final flush.
    static func row(_ name: String, _ durability: TipStore.Durability?, _ context: BenchContext,
                    _ call: (TipStore, Int) throws(TipStoreError) -> Void) -> BenchResult {
        let synced = durability == .synced
        let calls = synced ? (context.quick ? 100 : 2_000) : (context.quick ? 2_000 : 50_000)
        let bytes = Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)
        let url = URL(fileURLWithPath: context.scratch + "/\(name).jsonl")
        var samples: [UInt64] = []
        samples.reserveCapacity(calls)
        let flushNs: UInt64
        do {
            let clock = ManualClock(start: BenchSupport.now)
            let store = try durability.map { d throws(TipStoreError) in
                try TipStore(bundle: bytes, journalURL: url, clock: clock, durability: d)
            } ?? TipStore(bundle: bytes, clock: clock)
            // Warm-up: the first calls pay for lazily built state.
            for i in 0..<min(100, calls) { try call(store, -1 - i) }
            try store.flush()
            for i in 0..<calls {
                let start = DispatchTime.now().uptimeNanoseconds
                try call(store, i)
                samples.append(DispatchTime.now().uptimeNanoseconds - start)
            }
            let flushStart = DispatchTime.now().uptimeNanoseconds
            try store.flush()
            flushNs = DispatchTime.now().uptimeNanoseconds - flushStart
            try store.close()
        } catch {
            return JournalBench.failedRow(name, "\(error)")
        }
        return summary(name, samples, calls: calls, flushNs: flushNs)
    }

    /// The row for `samples` (ns): p50 as ns/op, with p99, p99.9 and max.
    static func summary(_ name: String, _ unsorted: [UInt64], calls: Int, flushNs: UInt64?) -> BenchResult {
        let samples = unsorted.sorted()
        func percentile(_ p: Double) -> Double { Double(samples[min(samples.count - 1, Int(Double(samples.count) * p))]) }
        let p50 = percentile(0.50), p99 = percentile(0.99), p999 = percentile(0.999), max = Double(samples.last ?? 0)
        var row = BenchResult(name: name, nsPerOp: p50)
        row.extra = [("p50_ns", .double(p50)), ("p99_ns", .double(p99)), ("p999_ns", .double(p999)), ("max_ns", .double(max)),
                     ("calls", .double(Double(calls))), ("final_flush_ns", flushNs.map { .double(Double($0)) } ?? .null)]
        func us(_ ns: Double) -> String { formatDecimal(ns / 1000, places: 1) + " µs" }
        row.note = "p50 \(us(p50)), p99 \(us(p99)), p99.9 \(us(p999)), max \(us(max))"
            + (flushNs.map { "; final flush \(us(Double($0)))" } ?? "")
        return row
    }
}
