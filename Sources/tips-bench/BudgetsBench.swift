import Foundation
import TipsBenchSupport
import TipsCompile
import TipsBytecode
import TipsRuntime

/// runtime.budgets.status: what a daily display budget adds to a status read. Every status
/// call of a catalog with a budget asks whether the tip is shown in today's window and how
/// many are; that must read the units shown, not the catalog.
enum BudgetsBench {
    /// The 1,000-tip catalog's bundle; with `budget`, `displayBudget 3 per day`, and with
    /// `priorities` every tenth tip has `priority 10`.
    static func bundle(budget: Bool, priorities: Bool = false) -> [UInt8] {
        var bundle = BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle
        if budget { bundle.budgets = BudgetSchema(perDay: 3) }
        if priorities {
            bundle.budgets.tips = stride(from: 0, to: bundle.tips.count, by: 10).map { .init(tip: UInt32($0), priority: 10) }
        }
        return Compiler.encode(bundle)
    }

    static let priority = Benchmark.timed(
        "runtime.budgets.priority",
        "status of all 1,000 tips through TipStore with `displayBudget 3 per day`, nothing shown, and every tenth tip at priority 10 (the others ask which higher-priority tips are offered), vs the same catalog without budget or priorities"
    ) { context in
        func store(_ bytes: [UInt8]) -> TipStore {
            do { return try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now)) } catch {
                fatal("runtime.budgets.priority: \(error)")
            }
        }
        let with = store(bundle(budget: true, priorities: true)), without = store(bundle(budget: false))
        let a = reads(with)(), b = reads(without)()
        check(a <= b && a >= 1, "runtime.budgets.priority: \(a) tips available with priorities, \(b) without")
        return .init(workload: .init(operation: reads(with)), baselines: [("no budget", .init(operation: reads(without)))])
    }

    /// Reads the status of every tip of `s`; the count of available ones.
    static func reads(_ s: TipStore) -> () -> Int {
        let tips = s.tipNames.map { TipKey($0) }
        return {
            var available = 0
            for tip in tips where (try? s.status(of: tip)) == .available { available &+= 1 }
            return available
        }
    }

    static let status = Benchmark.timed(
        "runtime.budgets.status",
        "status of all 1,000 tips through TipStore with `displayBudget 3 per day` used by 3 tips shown today, vs the same catalog and displays without a budget"
    ) { context in
        func store(_ bytes: [UInt8]) -> TipStore {
            do {
                let s = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
                // Three tips shown today use the budget: every other tip is held back.
                for name in s.tipNames.prefix(3) {
                    try s.presentationBegan(TipKey(name))
                    try s.presentationEnded(TipKey(name))
                }
                return s
            } catch {
                fatal("runtime.budgets.status: \(error)")
            }
        }
        let with = store(bundle(budget: true)), without = store(bundle(budget: false))
        let a = reads(with)(), b = reads(without)()
        check(a <= 3 && a <= b, "runtime.budgets.status: \(a) tips available with a budget of 3, \(b) without")
        return .init(workload: .init(operation: reads(with)), baselines: [("no budget", .init(operation: reads(without)))])
    }
}
