import Testing
import TipsBenchSupport
import TipsBytecode
import TipsReference
@testable import TipsVM

/// `rulesHold`'s dispatch-free path for rules that are conjunctions of fused tests
/// (`Conjunction`): which shapes take it, and that it answers as the reference does.
@Suite struct ConjunctionTests {
    static let hour: Int64 = 3_600_000

    /// Each tip's rules and whether the VM should run them as a list of tests.
    static let tips: [(rules: [String], conjunction: Bool)] = [
        (["seen == true && count(save within 7d) >= 3"], true),
        (["count(save within 1h) >= 2"], true),
        (["count(save within 1h) < 2"], true),  // countAtLeast then not
        (["seen != true && count(save) > 1 && name == \"x\""], true),
        (["(seen == true && count(save within 1d) >= 1) && (count(buy where price > 2.0) >= 1 && n == 3)"], true),
        (["seen == true && (count(buy within 2h) <= 1 && at == nil)"], true),
        (["seen == true", "count(save within 1d) >= 2"], true),  // two rules, one list
        (["seen == true || count(save) >= 1"], false),
        (["count(save within 1h) == 0"], false),
        (["n > 2 && seen == true"], false),
        (["seen == true", "n > 2"], false),  // one rule of another shape
        (["!(seen == true && count(save) >= 1)"], false),
    ]

    static let source = """
        param seen: Bool = false
        param n: Int = 0
        param name: String = ""
        param at: Date?
        event save
        event buy(price: Double) limit 5

        """ + tips.enumerated().map { i, tip in
            "tip T\(i) {\n    title \"t\"\n" + tip.rules.map { "    rule \($0)\n" }.joined() + "}\n"
        }.joined()

    @Test func recognisesConjunctionsOfFusedTests() throws {
        let catalog = try TestCatalog(Self.source)
        let vm = RuleVM(try Verifier.verify(catalog.bundle))
        for (t, tip) in Self.tips.enumerated() {
            #expect((vm.tipTestBounds[2 * t] >= 0) == tip.conjunction, "\(tip.rules)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func agreesWithReference(seed: UInt64) throws {
        let catalog = try TestCatalog(Self.source)
        let model = catalog.model
        let reference = ReferenceEvaluator(model: model)
        let vm = RuleVM(try Verifier.verify(catalog.bundle))
        var rng = SeededGenerator(seed: seed)
        var compared = 0
        var agreed = 0
        for _ in 0..<40 {
            let now = BenchSupport.now
            var ref = reference.initialState(now: now)
            ref.parameters[0] = .bool(rng.chance(60))
            ref.parameters[1] = .int(Int64(rng.below(5)))
            ref.parameters[2] = .string(rng.chance(50) ? "x" : "y")
            ref.parameters[3] = rng.chance(50) ? .none : .date(now - Int64(rng.below(10)) * Self.hour)
            for _ in 0..<rng.below(8) { ref.donations[0].append(ReferenceDonation(time: now - Int64(rng.below(48)) * Self.hour / 2)) }
            for _ in 0..<rng.below(8) {
                let price: [String: ReferenceValue] = rng.chance(20) ? [:] : ["price": .double(Double(rng.below(16)) / 4)]
                ref.donations[1].append(ReferenceDonation(time: now - Int64(rng.below(6)) * Self.hour, payload: price))
            }
            var live = StateBridge.ruleState(ref, model: model, verified: vm.verified)
            // The instant moves too, so windows gain and lose donations between evaluations.
            for step in 0..<6 {
                let at = now + Int64(step) * Self.hour / 3 - Int64(rng.below(3)) * Self.hour
                ref.now = at
                live.now = at
                for t in model.tips.indices {
                    let want = reference.rulesHold(tip: t, in: ref)
                    let got = vm.rulesHold(tip: t, in: live)
                    compared += 1
                    if want == got { agreed += 1 } else {
                        Issue.record("seed \(seed) tip \(Self.tips[t].rules): VM \(got), reference \(want) at \(at - now) ms")
                    }
                    for (r, program) in catalog.bundle.tips[t].rules.enumerated() {
                        let wantRule = reference.evaluateRule(tip: t, rule: r, in: ref)
                        let gotRule = vm.evaluateRule(Int(program), in: live)
                        #expect(wantRule == gotRule, "seed \(seed) rule \(Self.tips[t].rules[r]) at \(at - now) ms")
                    }
                }
            }
        }
        #expect(compared == agreed)
        #expect(compared == 40 * 6 * Self.tips.count)
    }
}
