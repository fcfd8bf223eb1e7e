import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsVM

/// Rules that read a reusable tip's arguments (in expressions and in query filters) give
/// the VM's answer the reference's, for random instances and states, with instances of
/// several tips bound in turn on one VM (a binding must not leak into another tip).
@Suite struct ArgumentDifferentialTests {
    static let tips = """
    tip A(item: String, k: Color, n: Int, on: Bool) {
        id "A-\\(item)-\\(k)-\\(n)-\\(on)"
        title "a"
        rule count(buy where item == item && qty >= n within 7d) >= 1 || (on && s == item)
        rule count(buy where kind != k) < n || !on
    }
    tip B(screen: String, n: Int) {
        id "B-\\(screen)-\\(n)"
        title "b"
        rule count(view where screen == screen && n > n) >= 1
        rule largestGroup(buy by item where item != screen) >= 1 || i == n
    }
    tip C(k: Color) {
        id "C-\\(k)"
        title "c"
        rule c == k || count(buy where kind == k && gift) >= 2
    }
    """

    @Test func argumentReadsAgreeWithReference() throws {
        let catalog = try TestCatalog(RuleGenerator.world + Self.tips)
        let model = catalog.model
        let reference = ReferenceEvaluator(model: model)
        let verified = try Verifier.verify(catalog.bundle)
        #expect(!catalog.bundle.argumentBindings.isEmpty)
        let vm = RuleVM(verified)
        var states = CatalogStates(seed: 99, model: model)
        let tipIndices = ["A", "B", "C"].compactMap { name in model.tips.firstIndex { $0.name == name } }
        #expect(tipIndices.count == 3)
        var agreed = 0
        for _ in 0..<150 {
            let refState = states.state()
            var vmState = StateBridge.ruleState(refState, model: model, verified: verified)
            for _ in 0..<4 {
                for t in tipIndices {
                    let arguments = model.tips[t].arguments.map { states.value($0.type) }
                    var withArguments = refState
                    withArguments.arguments = arguments
                    let slots = arguments.map { StateBridge.slot($0, in: &vmState) }
                    #expect(vm.bindArguments(slots, ofTip: t, in: vmState))
                    for r in model.tips[t].rules.indices {
                        let expected = reference.evaluateRule(tip: t, rule: r, in: withArguments)
                        #expect(vm.evaluateRule(Int(catalog.bundle.tips[t].rules[r]), in: vmState) == expected,
                                "tip \(model.tips[t].name) rule \(r + 1) with \(arguments)")
                        if expected { agreed += 1 }
                    }
                    #expect(vm.rulesHold(tip: t, arguments: slots, in: vmState) == reference.rulesHold(tip: t, in: withArguments))
                }
            }
        }
        // The states are varied enough that rules hold sometimes, not never.
        #expect(agreed > 50)
    }

    @Test func bindingRejectsValuesThatDoNotFit() throws {
        let catalog = try TestCatalog(RuleGenerator.world + Self.tips)
        let verified = try Verifier.verify(catalog.bundle)
        let vm = RuleVM(verified)
        let state = RuleState(verified)
        let c = try #require(catalog.model.tips.firstIndex { $0.name == "C" })
        #expect(vm.readsArguments(tip: c))
        #expect(!vm.bindArguments([.enumCase(3)], ofTip: c, in: state))   // Color has 3 cases
        #expect(!vm.bindArguments([], ofTip: c, in: state))
        #expect(!vm.bindArguments([.nil], ofTip: c, in: state))
        #expect(vm.bindArguments([.enumCase(2)], ofTip: c, in: state))
        #expect(!vm.rulesHold(tip: c, arguments: [.enumCase(9)], in: state))
    }

    @Test func bundlesWithoutArgumentReadsKeepTheirVersion() throws {
        let plain = try TestCatalog(RuleGenerator.world + "tip P(x: String) {\n id \"P-\\(x)\"\n title \"p\"\n rule b\n}\n")
        #expect(plain.bundle.argumentBindings.isEmpty)
        #expect(BundleWriter.encode(plain.bundle)[4] == 2)
        let reading = try TestCatalog(RuleGenerator.world + Self.tips)
        let bytes = BundleWriter.encode(reading.bundle)
        #expect(bytes[4] == 4)
        #expect(try BundleReader.decode(bytes) == reading.bundle)
    }
}
