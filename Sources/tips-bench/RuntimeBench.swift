import Foundation
import TipsBenchSupport
import TipsCompile
import TipsRuntime
import TipsVM

/// runtime.status and runtime.memory: the embedded runtime (TipStore over the journal and
/// the VM) with the generated 1,000-tip catalog.
enum RuntimeBench {
    static let status = Benchmark.timed(
        "runtime.status",
        "full status (rules, invalidation, display limits, frequency) of all 1,000 tips through TipStore, vs the VM alone on the store's state"
    ) { context in
        let store = makeStore(context, name: "status", donations: 1_200)
        let tips = store.tipNames.map { TipKey($0) }
        let (bundle, rules) = store.ruleSnapshot()
        let vm = RuleVM(bundle)
        let tipCount = tips.count
        let vmAlone = { () -> Int in
            var available = 0
            for t in 0..<tipCount where vm.rulesHold(tip: t, in: rules) { available &+= 1 }
            return available
        }
        let viaStore = { () -> Int in
            var available = 0
            for tip in tips where (try? store.status(of: tip)) == .available { available &+= 1 }
            return available
        }
        // Nothing in this store is displayed or overridden, and the cooldown never started:
        // a tip the donations' `invalidate when` triggers didn't invalidate is available
        // exactly when its rules hold. Check that, so both sides do the same evaluation.
        for (t, tip) in tips.enumerated() {
            let status = try? store.status(of: tip)
            if case .invalidated? = status { continue }
            check((status == .available) == vm.rulesHold(tip: t, in: rules),
                  "runtime.status: the store and the VM disagree on \(tip.name)")
        }
        return .init(workload: .init(operation: viaStore), baselines: [("vm", .init(operation: vmAlone))])
    }

    /// alloc.runtime.status: heap allocations per `TipStore.status(of:)` call, over all
    /// 1,000 tips of the `runtime.status` store.
    static let statusAllocations = Benchmark(
        name: "alloc.runtime.status",
        summary: "heap allocations per TipStore.status(of:) call (1,000 tips), counted in process"
    ) { context in
        let store = makeStore(context, name: "status-alloc", donations: 1_200)
        let tips = store.tipNames.map { TipKey($0) }
        for tip in tips { _ = try? store.status(of: tip) }
        let runs = context.quick ? 2 : 20
        let perRun = MallocCounter.allocationsPerRun(iterations: runs) {
            var available = 0
            for tip in tips where (try? store.status(of: tip)) == .available { available &+= 1 }
            consume(available)
        }
        return [RuleBenchmarks.allocationRow("alloc.runtime.status", perRun.map { $0 / Double(tips.count) })]
    }

    static let memory = Benchmark(
        name: "runtime.memory",
        summary: "resident and heap memory added by a runtime holding 1,000 tips and 100,000 donations"
    ) { context in
        let donations = context.quick ? 10_000 : 100_000
        let bundle = Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)
        let rss0 = ProcessMemory.residentBytes()
        let heap0 = ProcessMemory.heapBytes()
        let store = makeStore(context, name: "memory", donations: donations, bundle: bundle)
        let rss1 = ProcessMemory.residentBytes()
        let heap1 = ProcessMemory.heapBytes()
        var row = BenchResult(name: "runtime.memory")
        let rss = rss0.flatMap { before in rss1.map { $0 - before } }
        let heap = heap0.flatMap { before in heap1.map { $0 - before } }
        row.extra = [("resident_bytes", rss.map { .double(Double($0)) } ?? .null),
                     ("heap_bytes", heap.map { .double(Double($0)) } ?? .null),
                     ("tips", .double(Double(store.tipNames.count))), ("donations", .double(Double(donations)))]
        func mib(_ b: Int?) -> String { b.map { formatDecimal(Double($0) / 1_048_576, places: 1) + " MiB" } ?? "unavailable" }
        row.note = "resident +\(mib(rss)), heap +\(mib(heap))"
        withExtendedLifetime(store) {}
        return [row]
    }

    /// A store over the generated catalog with `donations` donations spread over the 30 days
    /// before `BenchSupport.now` (round-robin over the events, payloads filled in), and
    /// parameters set so that many rules can hold.
    static func makeStore(_ context: BenchContext, name: String, donations: Int, bundle: [UInt8]? = nil) -> TipStore {
        let bytes = bundle ?? Compiler.encode(BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle)
        let clock = ManualClock(start: BenchSupport.now)
        let journal = URL(fileURLWithPath: context.scratch + "/runtime-\(name).jsonl")
        let store: TipStore
        do {
            store = try TipStore(bundle: bytes, journalURL: journal, clock: clock,
                                 durability: .batched(maxRecords: 4096, maxDelayMilliseconds: 60_000))
            try store.setParameter(dynamic: "hasSeenList", to: .bool(true))
            try store.setParameter(dynamic: "launches", to: .int(20))
            try store.setParameter(dynamic: "score", to: .double(5.5))
            try store.setParameter(dynamic: "plan", to: .enumCase("pro"))
            try store.setParameter(dynamic: "userName", to: .string("ann"))
            try store.setParameter(dynamic: "tags", to: .stringSet(["pen", "box"]))
            let events = ["appOpen", "manualSave", "share", "buy", "view", "search"]
            let items = ["pen", "book", "bag", "box", "lamp"]
            let span: Int64 = 30 * 86_400_000
            let start = BenchSupport.now - span
            for i in 0..<donations {
                let at = start + span * Int64(i) / Int64(max(donations, 1))
                let payload: [String: TipValue]
                switch events[i % events.count] {
                case "buy": payload = ["price": .double(Double(i % 200) / 10), "qty": .int(Int64(i % 7)),
                                       "kind": .enumCase(["free", "plus", "pro"][i % 3]), "item": .string(items[i % 5]),
                                       "gift": .bool(i % 2 == 0)]
                case "view": payload = ["screen": .string(["home", "detail", "cart", "settings"][i % 4]), "seconds": .int(Int64(i % 60))]
                case "search": payload = ["query": .string(items[(i / 6) % 5])]
                default: payload = [:]
                }
                try store.donate(dynamic: events[i % events.count], payload, at: at)
            }
            try store.flush()
        } catch {
            fatal("runtime store: \(error)")
        }
        return store
    }
}
