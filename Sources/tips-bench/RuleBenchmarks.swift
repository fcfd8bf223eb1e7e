import CMallocCount
import TipsBenchSupport
import TipsReference
import TipsVM

/// rule.canonical and catalog.status: the rule VM against a native Swift version of the
/// same rule and against the reference evaluator, on the states TipsBenchSupport builds.
enum RuleBenchmarks {
    /// Evaluations per timed call of the one-rule benchmarks.
    static let batch = 1000

    static let canonical = Benchmark.timed(
        "rule.canonical",
        "hasSeenList == true && count(manualSave within 7d) >= 3 over 1,000 donations: VM vs native Swift and reference"
    ) { _ in
        let w = BenchSupport.shortcutWorkload(donations: 1000)
        let vm = w.makeVM()
        let state = w.vmState
        let native = NativeShortcutRule(w)
        let reference = w.reference
        let referenceState = w.referenceState
        let now = BenchSupport.now
        // The three must agree before their speeds are compared.
        let answers = [vm.rulesHold(tip: 0, in: state), native.holds(now: now), reference.rulesHold(tip: 0, in: referenceState)]
        check(answers.allSatisfy { $0 == answers[0] }, "rule.canonical: VM, native and reference disagree: \(answers)")
        return .init(
            workload: .init(operation: {
                var n = 0
                for _ in 0..<batch where vm.rulesHold(tip: 0, in: state) { n &+= 1 }
                return n
            }, operationsPerCall: batch),
            baselines: [
                ("native", nativeBaseline(native)),
                ("reference", .init(operation: {
                    var n = 0
                    for _ in 0..<batch where reference.rulesHold(tip: 0, in: referenceState) { n &+= 1 }
                    return n
                }, operationsPerCall: batch)),
            ])
    }

    /// The hand-written rule, the baseline both rule.canonical rows are measured against.
    static func nativeBaseline(_ native: NativeShortcutRule) -> Benchmark.Workload {
        .init(operation: {
            var n = 0
            for _ in 0..<batch where native.holds(now: BenchNow.load()) { n &+= 1 }
            return n
        }, operationsPerCall: batch)
    }

    /// The same rule through `evaluateRule` on its program, without `rulesHold`'s walk
    /// from tip to rules: the split shows where rule.canonical's time goes.
    static let canonicalProgram = Benchmark.timed(
        "rule.canonical.program",
        "rule.canonical's one program run directly (RuleVM.evaluateRule) vs native Swift"
    ) { _ in
        let w = BenchSupport.shortcutWorkload(donations: 1000)
        let vm = w.makeVM()
        let state = w.vmState
        let program = Int(w.verified.bundle.tips[0].rules[0])
        let native = NativeShortcutRule(w)
        check(vm.evaluateRule(program, in: state) == native.holds(now: BenchSupport.now), "rule.canonical.program: VM and native disagree")
        return .init(
            workload: .init(operation: {
                var n = 0
                for _ in 0..<batch where vm.evaluateRule(program, in: state) { n &+= 1 }
                return n
            }, operationsPerCall: batch),
            baselines: [
                ("native", nativeBaseline(native)),
            ])
    }

    /// rule.canonical with the clock running: each evaluation is 10 minutes after the
    /// previous one, across the week before `now` and back to its start (so the window's
    /// cursors move about one donation per evaluation, and once per lap jump back a week).
    static let canonicalClock = Benchmark.timed(
        "rule.canonical.clock",
        "rule.canonical with now moving 10 min per evaluation over a week (window cursors advancing) vs native Swift"
    ) { _ in
        let w = BenchSupport.shortcutWorkload(donations: 1000)
        let vm = w.makeVM()
        var state = w.vmState
        let native = NativeShortcutRule(w)
        let step: Int64 = 600_000
        let laps = 1008  // a week of 10-minute steps
        let first = BenchSupport.now - Int64(laps) * step
        var i = 0
        for k in 0..<laps {
            state.now = first + Int64(k) * step
            check(vm.rulesHold(tip: 0, in: state) == native.holds(now: state.now), "rule.canonical.clock: VM and native disagree at step \(k)")
        }
        return .init(
            workload: .init(operation: { clockLap(vm, &state, &i, laps: laps, first: first, step: step) }, operationsPerCall: batch),
            baselines: [
                ("native", .init(operation: {
                    var n = 0
                    for _ in 0..<batch {
                        i = i == laps &- 1 ? 0 : i &+ 1
                        if native.holds(now: first &+ Int64(i) &* step) { n &+= 1 }
                    }
                    return n
                }, operationsPerCall: batch)),
            ])
    }

    /// `batch` evaluations of rule.canonical.clock on the VM. The state is a parameter, not
    /// the closure's captured variable: read from the closure's box on every evaluation it
    /// would be copied (a retain and release of each of its arrays) before every call.
    @inline(never)
    static func clockLap(_ vm: RuleVM, _ state: inout RuleState, _ i: inout Int, laps: Int, first: Int64, step: Int64) -> Int {
        var n = 0
        for _ in 0..<batch {
            i = i == laps &- 1 ? 0 : i &+ 1
            state.now = first &+ Int64(i) &* step
            if vm.rulesHold(tip: 0, in: state) { n &+= 1 }
        }
        return n
    }

    static let catalogStatus = Benchmark.timed(
        "catalog.status",
        "all rules of every tip of a generated 1,000-tip catalog with mixed rules: VM vs reference"
    ) { _ in
        let w = BenchSupport.catalogWorkload(tips: 1000)
        let vm = w.makeVM()
        let vmCount = w.eligibleTipsVM(vm)
        let referenceCount = w.eligibleTipsReference()
        check(vmCount == referenceCount, "catalog.status: VM finds \(vmCount) eligible tips, reference \(referenceCount)")
        return .init(workload: .init(operation: { w.eligibleTipsVM(vm) }),
                     baselines: [("reference", .init(operation: { w.eligibleTipsReference() }))])
    }

    /// alloc.rule.canonical (and alloc.catalog.status): heap allocations per evaluation,
    /// counted by the interposed malloc while the VM runs.
    static let allocations = Benchmark(
        name: "alloc.rule.canonical",
        summary: "heap allocations per VM evaluation of rule.canonical (and per catalog.status), counted in process"
    ) { context in
        let iterations = context.quick ? 1000 : 100_000
        let shortcut = BenchSupport.shortcutWorkload(donations: 1000)
        let vm = shortcut.makeVM()
        let state = shortcut.vmState
        // The counter must see an allocation that surely happens, or a 0 below means nothing.
        let probe = MallocCounter.allocationsPerRun(iterations: 10) {
            consume([Int](repeating: 1, count: 64 + Int(BenchNow.load() & 1)).count)
        }
        check(probe.map { $0 >= 1 } ?? true, "alloc: the malloc counter did not see an array allocation")
        let perRule = MallocCounter.allocationsPerRun(iterations: iterations) { consume(vm.rulesHold(tip: 0, in: state) ? 1 : 0) }
        let catalog = BenchSupport.catalogWorkload(tips: 1000)
        let catalogVM = catalog.makeVM()
        let perStatus = MallocCounter.allocationsPerRun(iterations: max(1, iterations / 1000)) {
            consume(catalog.eligibleTipsVM(catalogVM))
        }
        return [allocationRow("alloc.rule.canonical", perRule), allocationRow("alloc.catalog.status", perStatus)]
    }

    static func allocationRow(_ name: String, _ value: Double?) -> BenchResult {
        var row = BenchResult(name: name)
        if let value {
            row.extra = [("allocs_per_op", .double(value))]
            row.note = "\(formatDecimal(value, places: value == value.rounded() ? 0 : 3)) allocs/op"
        } else {
            row.extra = [("allocs_per_op", .null)]
            row.note = "allocation counting unavailable on this platform"
        }
        return row
    }
}

/// The evaluation instant for the native rule, read with a volatile load on every evaluation:
/// the hand-written rule is a pure function, and with a constant argument the optimiser
/// would hoist it out of the timing loop (it did: 0.1 ns per "evaluation"). A volatile load
/// costs what a plain load costs on x86-64 and ARM64 but is never hoisted or merged.
enum BenchNow {
    nonisolated(unsafe) private static let cell: UnsafeMutablePointer<Int64> = {
        let p = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
        p.initialize(to: BenchSupport.now)
        return p
    }()

    /// `BenchSupport.now`, loaded afresh on every call.
    static func load() -> Int64 { tips_bench_opaque_load(cell) }
}

/// The canonical rule written by hand in Swift over plain arrays: what an app would write
/// without Tips. Donation instants are sorted ascending, as the VM's store keeps them; the
/// visible donations are the last `limit`, and the window is found by binary search.
struct NativeShortcutRule: Sendable {
    let hasSeenList: Bool
    let manualSave: [Int64]
    let limit = 1000
    static let week: Int64 = 7 * 86_400_000

    init(_ w: Workload) {
        if case .bool(let b) = w.referenceState.parameters[0] { hasSeenList = b } else { hasSeenList = false }
        manualSave = w.referenceState.donations[0].map(\.time).sorted()
    }

    @inline(never)
    func holds(now: Int64) -> Bool {
        guard hasSeenList else { return false }
        return manualSave.withUnsafeBufferPointer { times in
            let from = now &- Self.week
            // First visible donation at or after the window's start...
            var low = max(0, times.count - limit), high = times.count
            while low < high {
                let mid = (low + high) >> 1
                if times[mid] >= from { high = mid } else { low = mid + 1 }
            }
            // ...and the first one after now.
            var end = low
            high = times.count
            while end < high {
                let mid = (end + high) >> 1
                if times[mid] > now { high = mid } else { end = mid + 1 }
            }
            return end - low >= 3
        }
    }
}
