import Testing
import TipsBytecode
import TipsTestSupport
import TipsVM

/// The VM allocates nothing per evaluation.
@Suite(.serialized)
struct AllocationTests {
    /// `p == true && count(e within 7d) >= 3` over 1000 donations, in both the plain and
    /// the fused lowering.
    @Test(arguments: [false, true])
    func ruleEvaluationDoesNotAllocate(fused: Bool) throws {
        var b = BundleBuilder()
        b.addParam("p", type: .bool, default: .bool(true))
        b.addEvent("e")
        var p = ProgramBuilder()
        let q = Int(b.query(Query(event: 0, window: 7 * Fixture.day)))
        if fused {
            p.emit(.paramEqConst, a: Int(b.constant(.bool(true))), k: 0)
            let l = p.emitJump(.jumpIfFalseOrPop)
            p.emit(.countAtLeast, a: 3, k: q)
            p.patch(l)
        } else {
            p.emit(.loadParam, bx: 0)
            p.emit(.pushBool, a: 1)
            p.emit(.eq)
            let l = p.emitJump(.jumpIfFalseOrPop)
            p.emit(.countWithin, bx: q)
            p.emit(.pushInt, sBx: 3)
            p.emit(.ge)
            p.patch(l)
        }
        p.emit(.ret)
        b.addProgram(p.program(resultType: .bool))
        let verified = try BundleLoader.load(BundleWriter.encode(b.bundle))
        let vm = RuleVM(verified)
        var state = RuleState(verified, now: 100 * Fixture.day)
        for i in 0..<1000 { state.donate(event: 0, at: Int64(i) * Fixture.day / 10) }
        #expect(vm.evaluateRule(0, in: state))
        guard AllocationCounter.isAvailable else {
            print("allocation counter unavailable: run scripts/count-allocations.sh to measure")
            return
        }
        var result = false
        let counts = try #require(AllocationCounter.measure(iterations: 10_000) { result = vm.evaluateRule(0, in: state) })
        #expect(result)
        #expect(counts.allocations == 0, "\(counts)")
        print("allocation counter (fused: \(fused)): \(counts)")
    }

    @Test func counterSeesAllocations() throws {
        guard AllocationCounter.isAvailable else { return }
        var sink: [Int] = []
        let counts = try #require(AllocationCounter.measure(iterations: 100) { sink = Array(repeating: 1, count: 10) })
        #expect(counts.allocations >= 100, "\(counts)")
        print("allocation counter self-check: \(counts)")
        #expect(sink.count == 10)
    }
}
