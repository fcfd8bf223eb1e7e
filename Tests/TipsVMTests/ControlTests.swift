import Testing
import TipsBenchSupport
import TipsBytecode
import TipsVM

/// Unconditional jumps, `now`, and the tip-level API.
struct ControlTests {
    /// Code after an unconditional jump is only reachable through another jump (the
    /// verifier rejects dead code), so `jump` here lands on a join point.
    @Test func jumpToAJoin() throws {
        let r = try Fixture.run { _, p in
            p.emit(.pushBool, a: 0)
            let skip = p.emitJump(.jumpIfTrueOrPop)  // not taken: pops the false
            p.emit(.pushBool, a: 1)
            let join = p.emitJump(.jump)
            p.patch(skip)
            p.patch(join)
            p.emit(.not)
        }
        #expect(r == .bool(false))
        let taken = try Fixture.run { _, p in
            p.emit(.pushBool, a: 1)
            let skip = p.emitJump(.jumpIfTrueOrPop)  // taken: keeps the true
            p.emit(.pushBool, a: 0)
            let join = p.emitJump(.jump)
            p.patch(skip)
            p.patch(join)
            p.emit(.not)
        }
        #expect(taken == .bool(false))
    }

    @Test func nowIsTheStateInstant() throws {
        let r = try Fixture.run(.date, setup: { $0.now = 1_234 }) { _, p in p.emit(.now) }
        #expect(r == .date(ms: 1_234))
    }

    @Test func tipRulesAreAnded() throws {
        var b = Fixture.builder()
        var yes = ProgramBuilder(); yes.emit(.pushBool, a: 1); yes.emit(.ret)
        var flag = ProgramBuilder(); flag.emit(.loadParam, bx: Fixture.flag); flag.emit(.ret)
        let r0 = b.addProgram(yes.program(resultType: .bool))
        let r1 = b.addProgram(flag.program(resultType: .bool))
        let name = b.string("T")
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)])), rules: [r0, r1]))
        b.addTip(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)]))))
        let verified = try BundleLoader.load(BundleWriter.encode(b.bundle))
        let vm = RuleVM(verified)
        var state = RuleState(verified)
        #expect(!vm.rulesHold(tip: 0, in: state))
        #expect(vm.rulesHold(tip: 1, in: state), "a tip without rules is eligible")
        state.setParam(Fixture.flag, .bool(true))
        #expect(vm.rulesHold(tip: 0, in: state))
        state.resetParam(Fixture.flag)
        #expect(!vm.rulesHold(tip: 0, in: state))
        #expect(verified.programInfo[0] == ProgramInfo(maxStackDepth: 1, instructionBound: 2, scansDonations: false))
    }

    @Test func removeDonations() throws {
        let r = try Fixture.run(.int, setup: { s in
            s.donate(event: Fixture.save, at: 1)
            Fixture.buy(&s, at: 2)
            s.donate(event: Fixture.aged, at: 10 * Fixture.day)
            s.removeDonations(event: Fixture.buy)
        }) { _, p in
            p.emit(.countEvent, bx: Fixture.save)
            p.emit(.countEvent, bx: Fixture.buy)
            p.emit(.addInt)
            p.emit(.countEvent, bx: Fixture.aged)
            p.emit(.addInt)
        }
        #expect(r == .int(2))
    }
}

/// Compaction drops exactly what no query can see.
struct CompactionTests {
    @Test func compactKeepsQueryResults() throws {
        var b = Fixture.builder()
        var programs: [Int] = []
        for (event, window) in [(Fixture.buy, nil), (Fixture.aged, nil), (Fixture.aged, Int64(3_600_000)), (Fixture.save, nil)] as [(Int, Int64?)] {
            var p = ProgramBuilder()
            if let window {
                p.emit(.countWithin, bx: Int(b.query(Query(event: UInt32(event), window: window))))
            } else {
                p.emit(.countEvent, bx: event)
            }
            p.emit(.ret)
            programs.append(Int(b.addProgram(p.program(resultType: .int))))
        }
        let verified = try BundleLoader.load(BundleWriter.encode(b.bundle))
        let vm = RuleVM(verified)
        var state = RuleState(verified, now: 10 * Fixture.day)
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let t = Int64(rng.below(Int(12 * Fixture.day)))
            switch rng.below(3) {
            case 0: Fixture.buy(&state, at: t, price: Double(rng.below(20)))
            case 1: state.donate(event: Fixture.aged, at: t)
            default: state.donate(event: Fixture.save, at: t)
            }
        }
        let before = programs.map { vm.evaluate($0, in: state) }
        let stored = state.donations.timestamps.count
        state.compact(now: state.now)
        #expect(programs.map { vm.evaluate($0, in: state) } == before)
        #expect(state.donations.timestamps.count < stored)
        #expect(state.donations.count(event: Fixture.buy) == 5)
        #expect(state.donations.payload.count == 5 * 5)
        for i in 0..<5 {
            #expect(state.donations.field(Fixture.qty, row: i, of: Fixture.buy) == .int(1))
        }
    }
}
