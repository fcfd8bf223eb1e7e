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
/// Batches are independent (seeded from the run seed and their index) and run in parallel.
/// Reproduce a failure with `TIPS_DIFF_SEED=<seed> swift test --filter DifferentialTests`.
@Suite struct DifferentialTests {
    static let rulesPerBatch = 250
    static let batches = 44
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

    /// The catalog text of the tips in `keep`, and each tip's byte range in it.
    static func source(_ batch: Batch, keep: [Int]) -> (SourceSet, [Range<Int>]) {
        var text = RuleGenerator.world
        var ranges: [Range<Int>] = []
        for k in keep {
            let start = text.utf8.count
            var tip = "tip T\(k) {\n    title \"t\"\n    rule " + batch.rules[k] + "\n"
            if let set = batch.sets[k] {
                tip += "    action \"a\" {\n        title \"a\"\n        set " + set.param + " = " + set.expr + "\n    }\n"
            }
            text += tip + "}\n"
            ranges.append(start..<text.utf8.count)
        }
        var sources = SourceSet()
        sources.add(path: "diff.tips", text: text)
        return (sources, ranges)
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
              + "\(outcomes.reduce(0) { $0 + $1.valueComparisons }) value comparisons, dropped \(dropped), "
              + "\(failures.count) failures")
        #expect(failures.isEmpty, "seed \(seed): \(failures.count) disagreements")
        #expect(rules >= Self.minimumRules)
    }

    static func run(seed runSeed: UInt64, batch index: Int) -> Outcome {
        let seed = runSeed &+ UInt64(index) &* 0x9E37_79B9
        var out = Outcome()
        let batch = makeBatch(seed: seed)
        let where_ = "seed \(runSeed) batch \(index)"
        // Rules the checker proves never true (E418) are errors; drop those tips.
        var keep = Array(0..<rulesPerBatch)
        var (sources, ranges) = source(batch, keep: keep)
        var checked = Checker.check(sources)
        let errors = checked.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            var bad = Set<Int>()
            for e in errors {
                out.dropped[e.code, default: 0] += 1
                guard let t = ranges.firstIndex(where: { $0.contains(Int(e.range.start)) }) else {
                    out.failures.append("\(where_): error outside a tip: \(e.code) \(e.message)")
                    return out
                }
                if e.code != "E418" {
                    out.failures.append("\(where_): generated rule does not check: \(e.code) \(e.message)\n"
                                        + "rule: \(batch.rules[keep[t]])\nset: \(String(describing: batch.sets[keep[t]]))")
                }
                bad.insert(keep[t])
            }
            keep = keep.filter { !bad.contains($0) }
            (sources, ranges) = source(batch, keep: keep)
            checked = Checker.check(sources)
            guard checked.diagnostics.errorCount == 0 else {
                out.failures.append("\(where_): errors remain after dropping tips")
                return out
            }
        }
        let model = checked.model
        out.rules = model.tips.count
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
            let state = states.state()
            // The reference result does not depend on how the VM code was fused.
            var expectedRules: [Bool] = []
            var expectedValues: [ReferenceValue?] = []
            for (t, tip) in model.tips.enumerated() {
                expectedRules.append(reference.evaluateRule(tip: t, rule: 0, in: state))
                if case .set(_, let expr, _)? = tip.actions.first?.effects.first {
                    expectedValues.append(reference.evaluate(expr, in: state))
                } else {
                    expectedValues.append(nil)
                }
            }
            for (fuse, bundle, vm) in compiled {
                let vmState = StateBridge.ruleState(state, model: model, verified: vm.verified)
                let context = "\(where_) state \(stateIndex) fuse \(fuse)"
                for (t, tip) in model.tips.enumerated() {
                    let actual = vm.evaluateRule(Int(bundle.tips[t].rules[0]), in: vmState)
                    out.ruleComparisons += 1
                    if actual != expectedRules[t] {
                        out.failures.append("""
                            \(context): rule of \(tip.name) is \(actual) on the VM, \(expectedRules[t]) by the reference
                            rule: \(batch.rules[keep[t]])
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
                            expr: \(batch.sets[keep[t]]?.expr ?? "?")
                            \(describe(state, model))
                            """)
                    }
                }
            }
        }
        return out
    }

    static func describe(_ s: ReferenceState, _ model: CatalogModel) -> String {
        var lines = ["now = \(s.now)"]
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
