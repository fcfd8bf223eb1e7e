import Foundation
import TipsBenchSupport
import TipsCompile
import TipsBytecode
import TipsRuntime

/// runtime.experiments.status: what experiments add to a status read. Every store call
/// looks for held-out tips whose exposure is due; that look must not scan the catalog.
enum ExperimentsBench {
    /// The 1,000-tip catalog's bundle; with `experiments`, every tenth tip has one (holdout
    /// 50%, one variant 50%, each its own salt), so about 50 tips are held out.
    static func bundle(experiments: Bool) -> [UInt8] {
        var bundle = BenchSupport.catalogWorkload(tips: 1000, donationsPerEvent: 0).bundle
        if experiments {
            func string(_ s: String) -> UInt32 {
                bundle.strings.append(s)
                return UInt32(bundle.strings.count - 1)
            }
            let name = string("bench"), variant = string("variant")
            for t in stride(from: 0, to: bundle.tips.count, by: 10) {
                bundle.experiments.append(ExperimentSchema(tip: UInt32(t), name: name, salt: string("bench-\(t)"), holdout: 5_000,
                                                           variants: [VariantSchema(name: variant, share: 5_000)]))
            }
        }
        return Compiler.encode(bundle)
    }

    static let status = Benchmark.timed(
        "runtime.experiments.status",
        "status of all 1,000 tips through TipStore where 100 tips have an experiment (about half of them held out), vs the same catalog without experiments"
    ) { context in
        func store(_ bytes: [UInt8]) -> TipStore {
            do {
                let s = try TipStore(bundle: bytes, clock: ManualClock(start: BenchSupport.now))
                try s.setInstallIdentifier("bench-install")
                return s
            } catch {
                fatal("runtime.experiments.status: \(error)")
            }
        }
        let with = store(bundle(experiments: true)), without = store(bundle(experiments: false))
        let held = with.tipNames.filter { (try? with.variantAssignment(of: TipKey($0)))??.isHoldout ?? false }.count
        check(held > 20 && held < 80, "runtime.experiments.status: \(held) of 100 tips held out, expected about 50")
        func reads(_ s: TipStore) -> () -> Int {
            let tips = s.tipNames.map { TipKey($0) }
            return {
                var available = 0
                for tip in tips where (try? s.status(of: tip)) == .available { available &+= 1 }
                return available
            }
        }
        // Both stores answer alike for every tip without an experiment.
        let a = reads(with)(), b = reads(without)()
        check(a <= b, "runtime.experiments.status: \(a) tips available with experiments, \(b) without")
        return .init(workload: .init(operation: reads(with)), baselines: [("no experiments", .init(operation: reads(without)))])
    }
}
