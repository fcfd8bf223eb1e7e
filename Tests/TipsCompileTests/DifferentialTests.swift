import Foundation
import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsSource
import TipsVM

/// The VM against the reference evaluator on random well-typed rules and random states.
///
/// Rules are random source text (so the parser, checker and folder are exercised too),
/// compiled with and without fused instructions. Each tip may also set a random parameter
/// to a random expression of its type, so value-returning programs are compared as well.
/// Every fourth rule also has a twin tip (`U<n>` after `T<n>`) in which each literal is read from
/// a parameter holding the same value: the checker folds the original's constant parts, the
/// twin computes them at run time, and the two must agree (the folder against the VM).
/// Batches are independent (seeded from the run seed and their index) and run in parallel.
/// Reproduce a failure with `TIPS_DIFF_SEED=<seed> swift test --filter TipsCompileTests.DifferentialTests`;
/// run longer with `TIPS_DIFF_BATCHES=<n>` (each batch is 250 rules).
@Suite struct DifferentialTests {
    static let rulesPerBatch = 250
    static let defaultBatches = 44
    static var batches: Int {
        ProcessInfo.processInfo.environment["TIPS_DIFF_BATCHES"].flatMap { Int($0) } ?? defaultBatches
    }
    static let statesPerBatch = 3
    static let minimumRules = 10_000

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["TIPS_DIFF_SEED"].flatMap { UInt64($0) } ?? 0x7157_2026
    }

    /// One batch's generated rules and `set` effects.
    struct Batch {
        var rules: [String] = []
        var sets: [(param: String, expr: String)?] = []
    }

    /// What a batch found.
    struct Outcome: Sendable {
        var rules = 0
        var ruleComparisons = 0
        var valueComparisons = 0
        var twinComparisons = 0
        var dropped: [String: Int] = [:]
        var failures: [String] = []
    }

    static func makeBatch(seed: UInt64) -> Batch {
        var gen = RuleGenerator(seed: seed)
        var batch = Batch()
        for _ in 0..<rulesPerBatch {
            batch.rules.append(gen.rule())
            if gen.rng.chance(60) {
                let (name, type) = gen.rng.pick(RuleGenerator.settable)
                batch.sets.append((name, gen.expr(type, depth: 1 + gen.rng.below(3))))
            } else {
                batch.sets.append(nil)
            }
        }
        return batch
    }

    /// Whether rule `k` of a batch gets a twin.
    static func hasTwin(_ k: Int) -> Bool { k % 4 == 0 }

    /// The catalog text of the tips in `keep` (each as `T<n>`, every fourth with its twin
    /// `U<n>`), the byte range of each `keep` entry's tips, and which rule each tip is.
    static func source(_ batch: Batch, keep: [Int]) -> (SourceSet, [Range<Int>], [(k: Int, twin: Bool)]) {
        var text = RuleGenerator.world
        var ranges: [Range<Int>] = []
        var tips: [(k: Int, twin: Bool)] = []
        for k in keep {
            let start = text.utf8.count
            let forms = hasTwin(k) ? [("T", RuleGenerator.plain), ("U", RuleGenerator.twin)] : [("T", RuleGenerator.plain)]
            for (name, write) in forms {
                tips.append((k, name == "U"))
                var tip = "tip \(name)\(k) {\n    title \"t\"\n    rule " + write(batch.rules[k]) + "\n"
                if let set = batch.sets[k] {
                    tip += "    action \"a\" {\n        title \"a\"\n        set " + set.param + " = " + write(set.expr)
                        + "\n    }\n"
                }
                text += tip + "}\n"
            }
            ranges.append(start..<text.utf8.count)
        }
        var sources = SourceSet()
        sources.add(path: "diff.tips", text: text)
        return (sources, ranges, tips)
    }

    @Test func vmAgreesWithReference() async throws {
        let seed = Self.seed
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            for b in 0..<Self.batches { group.addTask { Self.run(seed: seed, batch: b) } }
            var all: [Outcome] = []
            for await o in group { all.append(o) }
            return all
        }
        let failures = outcomes.flatMap(\.failures)
        for f in failures.prefix(8) { Issue.record(Comment(rawValue: f)) }
        let rules = outcomes.reduce(0) { $0 + $1.rules }
        let dropped = outcomes.reduce(into: [String: Int]()) { d, o in d.merge(o.dropped, uniquingKeysWith: +) }
        print("differential: seed \(seed), \(rules) rules, \(outcomes.reduce(0) { $0 + $1.ruleComparisons }) rule and "
              + "\(outcomes.reduce(0) { $0 + $1.valueComparisons }) value comparisons, "
              + "\(outcomes.reduce(0) { $0 + $1.twinComparisons }) folded/run-time comparisons, dropped \(dropped), "
              + "\(failures.count) failures")
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) disagreements")
        if Self.batches >= Self.defaultBatches { #expect(rules >= Self.minimumRules) }
    }

    static func run(seed runSeed: UInt64, batch index: Int) -> Outcome {
        let seed = runSeed &+ UInt64(index) &* 0x9E37_79B9
        var out = Outcome()
        let batch = makeBatch(seed: seed)
        let where_ = "seed \(runSeed) batch \(index)"
        // Rules the checker proves never true (E418) are errors; their tips are left out of
        // the comparison (the model is still complete: E418 is reported on a typed rule).
        let keep = Array(0..<rulesPerBatch)
        let (sources, ranges, tips) = source(batch, keep: keep)
        let checked = Checker.check(sources)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        var bad = Set<Int>()
        if !errors.isEmpty {
            for e in errors {
                out.dropped[e.code, default: 0] += 1
                guard let t = ranges.firstIndex(where: { $0.contains(Int(e.range.start)) }) else {
                    out.failures.append("\(where_): error outside a tip: \(e.code) \(e.message)")
                    return out
                }
                if e.code != "E418" {
                    out.failures.append("\(where_): generated rule does not check: \(e.code) \(e.message)\n"
                                        + "rule: \(RuleGenerator.plain(batch.rules[keep[t]]))\n"
                                        + "set: \(batch.sets[keep[t]].map { RuleGenerator.plain($0.expr) } ?? "-")")
                }
                bad.insert(keep[t])
            }
            guard out.failures.isEmpty else { return out }
        }
        let model = checked.model
        out.rules = keep.count - bad.count
        let literalParams = RuleGenerator.literals.indices.map { i in model.parameters.firstIndex { $0.name == "k\(i)" } }
        let reference = ReferenceEvaluator(model: model)
        var states = StateGenerator(seed: seed &* 31, model: model)
        var compiled: [(fuse: Bool, bundle: TipsBundle, vm: RuleVM)] = []
        for fuse in [true, false] {
            let bundle = Compiler.compile(model, sources: sources, options: CompileOptions(fuse: fuse))
            guard let verified = try? Verifier.verify(bundle) else {
                out.failures.append("\(where_) fuse \(fuse): the bundle does not verify")
                return out
            }
            compiled.append((fuse, bundle, RuleVM(verified)))
        }
        for stateIndex in 0..<statesPerBatch {
            var state = states.state()
            for (i, p) in literalParams.enumerated() {
                if let p { state.parameters[p] = RuleGenerator.literals[i].value }
            }
            // The reference result does not depend on how the VM code was fused.
            var expectedRules: [Bool] = []
            var expectedValues: [ReferenceValue?] = []
            for (t, tip) in model.tips.enumerated() {
                guard !bad.contains(tips[t].k) else {
                    expectedRules.append(false)
                    expectedValues.append(nil)
                    continue
                }
                expectedRules.append(reference.evaluateRule(tip: t, rule: 0, in: state))
                if case .set(_, let expr, _)? = tip.actions.first?.effects.first {
                    expectedValues.append(reference.evaluate(expr, in: state))
                } else {
                    expectedValues.append(nil)
                }
            }
            // A twin U<n> (right after T<n>) computes at run time what T<n> had folded.
            for u in tips.indices where tips[u].twin && !bad.contains(tips[u].k) {
                let t = u - 1
                out.twinComparisons += 1
                let sameValue = switch (expectedValues[t], expectedValues[u]) {
                case (nil, nil): true
                case (let a?, let b?): a.isIdentical(to: b)
                default: false
                }
                if expectedRules[t] != expectedRules[u] || !sameValue {
                    out.failures.append("""
                        \(where_) state \(stateIndex): folded and run-time forms disagree: \
                        rule \(expectedRules[t]) vs \(expectedRules[u]), \
                        value \(String(describing: expectedValues[t])) vs \(String(describing: expectedValues[u]))
                        rule: \(RuleGenerator.plain(batch.rules[tips[t].k]))
                        twin: \(RuleGenerator.twin(batch.rules[tips[t].k]))
                        set: \(batch.sets[tips[t].k].map { RuleGenerator.plain($0.expr) } ?? "-")
                        """)
                }
            }
            for (fuse, bundle, vm) in compiled {
                let vmState = StateBridge.ruleState(state, model: model, verified: vm.verified)
                let context = "\(where_) state \(stateIndex) fuse \(fuse)"
                for (t, tip) in model.tips.enumerated() where !bad.contains(tips[t].k) {
                    let actual = vm.evaluateRule(Int(bundle.tips[t].rules[0]), in: vmState)
                    out.ruleComparisons += 1
                    if actual != expectedRules[t] {
                        out.failures.append("""
                            \(context): rule of \(tip.name) is \(actual) on the VM, \(expectedRules[t]) by the reference
                            rule: \(RuleGenerator.plain(batch.rules[tips[t].k]))
                            \(describe(state, model))
                            """)
                    }
                    // rulesHold takes its own path for conjunctions of fused tests (Conjunction).
                    let whole = vm.rulesHold(tip: t, in: vmState)
                    out.ruleComparisons += 1
                    if whole != expectedRules[t] {
                        out.failures.append("""
                            \(context): rulesHold of \(tip.name) is \(whole) on the VM, \(expectedRules[t]) by the reference
                            rule: \(RuleGenerator.plain(batch.rules[tips[t].k]))
                            \(describe(state, model))
                            """)
                    }
                    guard let want = expectedValues[t], case .set(let p, _, _)? = tip.actions.first?.effects.first,
                          case .set(_, let program)? = bundle.tips[t].actions.first?.effects.first else { continue }
                    let got = StateBridge.value(vm.evaluate(Int(program), in: vmState), type: model.parameters[p].type,
                                                in: vmState)
                    out.valueComparisons += 1
                    if !want.isIdentical(to: got) {
                        out.failures.append("""
                            \(context): set \(model.parameters[p].name) in \(tip.name) gives \(got) on the VM, \
                            \(want) by the reference
                            expr: \(batch.sets[tips[t].k].map { RuleGenerator.plain($0.expr) } ?? "?")
                            \(describe(state, model))
                            """)
                    }
                }
            }
        }
        return out
    }

    static func describe(_ s: ReferenceState, _ model: CatalogModel) -> String {
        var lines = ["now = \(s.now)", "platform = \(s.platform)"]
        for (i, p) in model.parameters.enumerated() { lines.append("\(p.name) = \(s.parameters[i])") }
        for (e, event) in model.events.enumerated() where !s.donations[e].isEmpty {
            let ds = s.donations[e].map { d in
                "\(d.time - s.now)" + (d.payload.isEmpty ? "" : "{" + d.payload.sorted { $0.key < $1.key }
                    .map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}")
            }
            lines.append("\(event.name) (now+): " + ds.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }
}
