import Testing
import TipsBenchSupport
import TipsBytecode
import TipsCheck
import TipsCompile
import TipsReference
import TipsVM

/// Compiled `invalidate when e where filter` triggers fire exactly when the reference says,
/// for random filters (NaN constants, Int fields against Double constants, flipped sides,
/// Bool fields) and random payloads (missing fields, NaN, -0.0, composed and decomposed é).
@Suite struct TriggerTests {
    @Test func triggersAgreeWithReference() throws {
        var gen = RuleGenerator(seed: 77)
        var text = RuleGenerator.world
        var filters: [String] = []
        for i in 0..<60 {
            let filter = gen.buyFilter()
            filters.append(filter)
            text += "tip T\(i) {\n    title \"t\"\n    invalidate when buy where \(filter) reason tipClosed\n"
                + "    invalidate when view\n}\n"
        }
        let catalog = try TestCatalog(text)
        let reference = ReferenceEvaluator(model: catalog.model)
        let verified = try Verifier.verify(catalog.bundle)
        let vm = RuleVM(verified)
        let buy = try #require(catalog.model.events.firstIndex { $0.name == "buy" })
        let view = try #require(catalog.model.events.firstIndex { $0.name == "view" })
        var states = StateGenerator(seed: 5, model: catalog.model)
        var vmState = RuleState(verified)
        for _ in 0..<200 {
            var payload: [String: ReferenceValue] = [:]
            for f in catalog.model.events[buy].fields where !states.rng.chance(10) {
                payload[f.name] = states.value(f.type)
            }
            let donation = ReferenceDonation(time: 0, payload: payload)
            let slots = catalog.model.events[buy].fields.map { f in
                payload[f.name].map { StateBridge.slot($0, in: &vmState) } ?? .nil
            }
            for (t, filter) in filters.enumerated() {
                let expected = reference.triggerFires(tip: t, trigger: 0, event: buy, donation: donation)
                #expect(vm.triggerFires(tip: t, trigger: 0, event: buy, payload: slots, in: vmState) == expected,
                        "where \(filter) with \(payload)")
                #expect(!reference.triggerFires(tip: t, trigger: 0, event: view, donation: donation))
                #expect(reference.triggerFires(tip: t, trigger: 1, event: view, donation: ReferenceDonation(time: 0)))
            }
        }
    }
}
