import Testing
import TipsBenchSupport
import TipsBytecode
import TipsVM

/// Trigger filters evaluated against one donation's payload agree with query filters.
struct FilterTests {
    @Test func triggersAndFiltersAgreeWithQueries() throws {
        var b = Fixture.builder()
        let ten = b.constant(.double(10))
        let red = b.constant(.enumCase(0, 0))
        let book = b.stringConstant("book")
        let filters: [Filter] = [
            Filter(terms: [FilterTerm(field: UInt32(Fixture.price), relation: .gt, constant: ten)]),
            Filter(terms: [FilterTerm(field: UInt32(Fixture.kind), relation: .eq, constant: red),
                           FilterTerm(field: UInt32(Fixture.gift), relation: .isFalse, constant: noIndex)]),
            Filter(terms: [FilterTerm(field: UInt32(Fixture.item), relation: .le, constant: book)]),
            Filter(terms: [FilterTerm(field: UInt32(Fixture.price), relation: .ne, constant: ten)]),
            Filter(terms: [FilterTerm(field: UInt32(Fixture.qty), relation: .ge, constant: b.constant(.double(1.5)))]),
        ]
        var programs: [UInt32] = []
        for f in filters {
            let id = b.filter(f)
            var p = ProgramBuilder()
            p.emit(.countWhere, bx: Int(b.query(Query(event: UInt32(Fixture.buy), filter: id))))
            p.emit(.ret)
            programs.append(b.addProgram(p.program(resultType: .int)))
        }
        let name = b.string("T")
        let triggers = (0..<filters.count).map { TriggerSchema(event: UInt32(Fixture.buy), filter: UInt32($0)) }
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)])), triggers: triggers))
        let verified = try BundleLoader.load(BundleWriter.encode(b.bundle))
        let vm = RuleVM(verified)

        var rng = SeededGenerator(seed: 3)
        let items = ["bag", "book", "box", "pen", "é"]
        for _ in 0..<200 {
            var state = RuleState(verified)
            let id = state.intern(items[rng.below(items.count)])
            let payload: [Slot] = [
                rng.chance(10) ? .nil : .double([5, 10, 12, .nan][rng.below(4)]),
                rng.chance(10) ? .nil : .enumCase(rng.below(3)),
                .string(id),
                .int(Int64(rng.below(3))),
                rng.chance(10) ? .nil : .bool(rng.chance(50)),
            ]
            let donated = state.donate(event: Fixture.buy, at: 0, payload: payload)
            #expect(donated)
            for (f, program) in programs.enumerated() {
                let counted = vm.evaluate(Int(program), in: state).intValue == 1
                #expect(vm.filterMatches(f, event: Fixture.buy, payload: payload, in: state) == counted)
                #expect(vm.triggerFires(tip: 0, trigger: f, event: Fixture.buy, payload: payload, in: state) == counted)
            }
            #expect(!vm.triggerFires(tip: 0, trigger: 0, event: Fixture.save, payload: payload, in: state))
            #expect(!vm.filterMatches(0, event: Fixture.buy, payload: [], in: state))
        }
    }
}
