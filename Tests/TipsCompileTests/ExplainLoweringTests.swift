import Testing
import TipsBytecode
import TipsCompile
import TipsVM

/// The `explain` section the compiler writes: probes per rule leaf, their texts, operators
/// and positions; and the guarantee that explanations never change the rest of the bundle.
@Suite struct ExplainLoweringTests {
    @Test func probesFollowTheRuleTree() throws {
        let c = try TestCatalog("""
            enum Plan { free, pro }
            param hasSeenList: Bool = false
            param plan: Plan = .free
            event manualSave

            tip T {
                title "T"
                rule hasSeenList &&
                    !(count(manualSave within 7d) >= 3) || plan == .pro
                rule 2 < min(count(manualSave), 5)
            }
            """)
        let rules = try #require(c.bundle.explain.tips.first)
        #expect(rules.count == 2)
        #expect(rules[0].text == "hasSeenList && !(count(manualSave within 7d) >= 3) || plan == .pro")
        #expect(rules[0].location.line == 8 && rules[0].location.column == 10)
        let p = rules[0].probes
        #expect(p.map(\.kind) == [.condition, .comparison, .comparison])
        #expect(p.map(\.text) == ["hasSeenList", "count(manualSave within 7d) >= 3", "plan == .pro"])
        #expect(p.map(\.isNegated) == [false, true, false])
        #expect(p[1].relation == .ge && p[1].left?.text == "count(manualSave within 7d)" && p[1].right?.text == "3")
        #expect(p[1].line == 9 && p[2].relation == .eq)
        // A query nested in an operand is a term of its own.
        let q = rules[1].probes
        #expect(q.map(\.kind) == [.comparison, .term])
        #expect(q[1].text == "count(manualSave)")
        #expect(c.bundle.explain.programs[Int(q[1].program)].resultType == .int)
        // The probes run on a VM over the extended bundle.
        let verified = try Verifier.verify(c.bundle)
        let vm = RuleVM(verified.withProbePrograms())
        let state = RuleState(verified, now: 0)
        let base = c.bundle.programs.count
        #expect(vm.evaluate(base + Int(q[1].program), in: state).intValue == 0)
        #expect(vm.evaluateRule(base + Int(q[0].program), in: state) == vm.evaluateRule(Int(c.bundle.tips[0].rules[1]), in: state))
    }

    @Test(arguments: CatalogTests.catalogs)
    func explanationsChangeNothingElse(_ catalog: String) throws {
        let sources = try CatalogTests.sources(of: catalog)
        let with = try #require(Compiler.compile(sources: sources).bundle)
        let without = try #require(Compiler.compile(sources: sources, options: CompileOptions(explain: false)).bundle)
        #expect(without.explain.isEmpty)
        var stripped = with
        stripped.explain = ExplainTable()
        #expect(stripped == without, "probes never renumber strings, constants or programs")
        #expect(with.explain.tips.count == with.tips.count)
        for (t, tip) in with.tips.enumerated() {
            #expect(with.explain.tips[t].count == tip.rules.count)
            for r in with.explain.tips[t] { #expect(!r.text.isEmpty && r.location.line > 0) }
        }
        _ = try BundleLoader.load(Compiler.encode(with))
    }
}
