import Foundation
import TipsBenchSupport
import TipsCompile
import TipsBytecode
import TipsRuntime

/// runtime.budgets.status: what a daily display budget adds to a status read. Every status
/// call of a catalog with a budget asks whether the tip is shown in today's window and how
/// many are; that must read the units shown, not the catalog.
enum BudgetsBench {
    /// The 1,000-tip catalog's bundle; with `budget`, `displayBudget 3 per day`.
    static func bundle(budget: Bool) -> [UInt8] {
        var bundle = BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle
        if budget { bundle.budgets = BudgetSchema(perDay: 3) }
        return Compiler.encode(bundle)
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
        func reads(_ s: TipStore) -> () -> Int {
            let tips = s.tipNames.map { TipKey($0) }
            return {
                var available = 0
                for tip in tips where (try? s.status(of: tip)) == .available { available &+= 1 }
                return available
            }
        }
        let a = reads(with)(), b = reads(without)()
        check(a <= 3 && a <= b, "runtime.budgets.status: \(a) tips available with a budget of 3, \(b) without")
        return .init(workload: .init(operation: reads(with)), baselines: [("no budget", .init(operation: reads(without)))])
    }
}
