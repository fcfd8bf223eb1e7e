import CMallocCount
import Foundation
import TipsBenchSupport
import TipsReference
import TipsRuntime
import TipsVM

/// rule.calendar.*: the local calendar in the VM (issue 20 item 2), each rule's program
/// against `count(opened within 2w) >= 3` over the same 1,000 donations in the same run,
/// in Europe/Berlin (offset table precomputed as the runtime does); and allocations.
enum CalendarBenchmarks {
    static let batch = 1000

    /// The workload's VM, its state in Berlin, and each tip's one rule program.
    static func prepared() -> (RuleVM, RuleState, [Int], Workload) {
        let w = BenchSupport.calendarWorkload()
        var state = w.vmState
        let span = (BenchSupport.now - 6 * 366 * 86_400_000)...(BenchSupport.now + 3 * 366 * 86_400_000)
        state.zone = LocalZone(TimeZone(identifier: "Europe/Berlin")!, covering: span)
        let programs = w.verified.bundle.tips.map { Int($0.rules[0]) }
        let vm = w.makeVM()
        // The VM must agree with the reference evaluator (Foundation's calendar) first.
        for (t, p) in programs.enumerated() {
            let r = w.reference.evaluateRule(tip: t, rule: 0, in: w.referenceState)
            check(vm.evaluateRule(p, in: state) == r, "rule.calendar: VM and reference disagree on tip \(t)")
        }
        return (vm, state, programs, w)
    }

    static func run(_ vm: RuleVM, _ state: RuleState, _ program: Int) -> Benchmark.Workload {
        .init(operation: {
            var n = 0
            for _ in 0..<batch where vm.evaluateRule(program, in: state) { n &+= 1 }
            return n
        }, operationsPerCall: batch)
    }

    static func row(_ name: String, _ tip: Int, _ what: String) -> Benchmark {
        Benchmark.timed(name, "\(what) vs count(opened within 2w) >= 3, 1,000 donations, Europe/Berlin") { _ in
            let (vm, state, programs, _) = prepared()
            return .init(workload: run(vm, state, programs[tip]), baselines: [("countWithin", run(vm, state, programs[0]))])
        }
    }

    static let month = row("rule.calendar.month", 1, "month == .september")
    static let timeOfDay = row("rule.calendar.timeOfDay", 2, "timeOfDay >= 9h")
    static let during = row("rule.calendar.during", 3, "during(\"Aug 20\", \"Sep 6\")")
    static let days = row("rule.calendar.days", 4, "days(opened within 2w) >= 2 (scans the window)")

    /// Heap allocations per evaluation of each calendar program.
    static let allocations = Benchmark(
        name: "alloc.rule.calendar",
        summary: "heap allocations per VM evaluation of the rule.calendar programs, counted in process"
    ) { context in
        let iterations = context.quick ? 1000 : 100_000
        let (vm, state, programs, _) = prepared()
        let names = ["countWithin", "month", "timeOfDay", "during", "days"]
        return programs.enumerated().map { (i, p) in
            let per = MallocCounter.allocationsPerRun(iterations: iterations) { consume(vm.evaluateRule(p, in: state) ? 1 : 0) }
            return RuleBenchmarks.allocationRow("alloc.rule.calendar.\(names[i])", per)
        }
    }
}
