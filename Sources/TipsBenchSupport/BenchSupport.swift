import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsSource
import TipsVM

/// Ready-made workloads for `tips-bench` (and tests): compiled catalogs with states that
/// drive the rule VM and the reference evaluator alike.
public enum BenchSupport {
    /// The instant every workload evaluates at (2026-09-01T00:00:00Z).
    public static let now: Int64 = 1_788_220_800_000

    /// The design notes' example: one tip whose rule is
    /// `hasSeenList == true && count(manualSave within 7d) >= 3`.
    public static let shortcutSource = """
        param hasSeenList: Bool = false
        event manualSave

        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList == true && count(manualSave within 7d) >= 3
        }
        """

    /// The shortcut rule with `hasSeenList` true and `donations` donations of `manualSave`,
    /// one every 15 minutes up to `now` (so about 670 of 1,000 fall inside the window).
    public static func shortcutWorkload(donations: Int = 1000, options: CompileOptions = CompileOptions()) -> Workload {
        var sources = SourceSet()
        sources.add(path: "shortcut.tips", text: shortcutSource)
        return Workload(sources: sources, options: options) { evaluator in
            var state = evaluator.initialState(now: now)
            state.parameters[0] = .bool(true)
            state.donations[0] = (0..<donations).map { ReferenceDonation(time: now - Int64(donations - 1 - $0) * 900_000) }
            return state
        }
    }

    /// The text of the generated mixed-rule catalog of ``catalogWorkload(tips:donationsPerEvent:seed:options:)``
    /// (one file), for benchmarks of the front end.
    public static func mixedCatalogSource(tips: Int = 1000, seed: UInt64 = 1) -> String {
        MixedCatalog.source(tips: tips, seed: seed)
    }

    /// A generated catalog of `tips` tips with mixed rules (parameter tests, windowed and
    /// filtered counts, groups, recency, strings, sets, enums) and a state with up to
    /// `donationsPerEvent` donations per event over the last 30 days.
    public static func catalogWorkload(tips: Int = 1000, donationsPerEvent: Int = 200, seed: UInt64 = 1,
                                       options: CompileOptions = CompileOptions()) -> Workload {
        var sources = SourceSet()
        sources.add(path: "generated.tips", text: MixedCatalog.source(tips: tips, seed: seed))
        return Workload(sources: sources, options: options) { evaluator in
            MixedCatalog.state(for: evaluator, donationsPerEvent: donationsPerEvent, seed: seed &+ 1)
        }
    }
}

/// A compiled catalog with one state, ready for both evaluators. Checking and compiling
/// happen once, in `init`; the evaluation methods do only evaluation.
public struct Workload {
    /// The catalog's files.
    public let sources: SourceSet
    /// The checked model (the generator's catalogs check without errors).
    public let model: CatalogModel
    /// The compiled bundle.
    public let bundle: TipsBundle
    /// The verified bundle the VM runs.
    public let verified: VerifiedBundle
    /// The state, for the reference evaluator.
    public let referenceState: ReferenceState
    /// The same state, for the VM.
    public let vmState: RuleState
    /// The reference evaluator over `model`.
    public let reference: ReferenceEvaluator

    init(sources: SourceSet, options: CompileOptions, state: (ReferenceEvaluator) -> ReferenceState) {
        self.sources = sources
        let checked = Checker.check(sources)
        model = checked.model
        bundle = Compiler.compile(model, sources: sources, options: options)
        // The workloads' sources are fixed and tested (CatalogTests): failing here is a bug.
        guard let verified = try? Verifier.verify(bundle) else {
            preconditionFailure("workload bundle does not verify: \(checked.diagnostics.filter { $0.severity == .error })")
        }
        self.verified = verified
        reference = ReferenceEvaluator(model: model)
        referenceState = state(reference)
        vmState = StateBridge.ruleState(referenceState, model: model, verified: verified)
    }

    /// A VM for this workload's bundle (reuse it across evaluations).
    public func makeVM() -> RuleVM { RuleVM(verified) }

    /// How many tips' rules all hold, by the VM.
    public func eligibleTipsVM(_ vm: RuleVM) -> Int {
        var n = 0
        for tip in verified.bundle.tips.indices where vm.rulesHold(tip: tip, in: vmState) { n &+= 1 }
        return n
    }

    /// How many tips' rules all hold, by the reference evaluator.
    public func eligibleTipsReference() -> Int {
        var n = 0
        for tip in model.tips.indices where reference.rulesHold(tip: tip, in: referenceState) { n &+= 1 }
        return n
    }
}
