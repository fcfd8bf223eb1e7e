import Testing
import TipsBenchSupport
import TipsBytecode
import TipsTestSupport
import TipsVM

/// The VM agrees with the reference interpreter on every program of seeded random bundles
/// evaluated against random states (parameters, donations with missing fields, instants).
struct DifferentialTests {
    @Test(arguments: 0..<150)
    func vmMatchesReference(seed: Int) throws {
        var random = RandomBundle.make(seed: UInt64(seed))
        Self.addProbes(&random)
        let verified = try BundleLoader.load(BundleWriter.encode(random))
        let bundle = verified.bundle
        let vm = RuleVM(verified)
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919)
        var state = RuleState(verified, now: Int64(rng.below(1 << 30)) * 1000)
        for (i, p) in bundle.params.enumerated() where rng.chance(60) {
            state.setParam(i, Self.value(p.type, &rng, &state, bundle))
        }
        for (e, event) in bundle.events.enumerated() {
            for _ in 0..<rng.below(60) {
                let t = state.now + Int64(rng.below(1 << 31)) - (1 << 30) * Int64(rng.below(2) + 1)
                let payload = event.fields.map { rng.chance(10) ? Slot.nil : Self.value($0.type, &rng, &state, bundle) }
                state.donate(event: e, at: t, payload: payload)
            }
        }
        let reference = ReferenceInterpreter(bundle: bundle, state: state)
        for (i, program) in bundle.programs.enumerated() {
            #expect(vm.evaluate(i, in: state) == reference.run(program), "seed \(seed) program \(i)")
        }
        // Probe programs (explain section) on a VM over the extended bundle, same state.
        let probes = RuleVM(verified.withProbePrograms())
        for (k, program) in bundle.explain.programs.enumerated() {
            #expect(probes.evaluate(bundle.programs.count + k, in: state) == reference.run(program), "seed \(seed) probe \(k)")
        }
    }

    /// Programs that return each query's raw results, so every query opcode is compared
    /// directly and not only through the random rules that happen to use it.
    static func addProbes(_ b: inout TipsBundle) {
        func add(_ type: ValueType, _ code: [Instruction]) { b.programs.append(Program(resultType: type, code: code + [Instruction(.ret)])) }
        for e in b.events.indices { add(.int, [Instruction(.countEvent, bx: e)]) }
        for (i, q) in b.queries.enumerated() {
            if q.groupField != noIndex {
                add(.int, [Instruction(.largestGroup, bx: i)])
                add(.int, [Instruction(.smallestGroup, bx: i)])
                continue
            }
            if q.filter != noIndex { add(.int, [Instruction(.countWhere, bx: i)]) }
            if q.filter == noIndex && q.window != nil { add(.int, [Instruction(.countWithin, bx: i)]) }
            add(ValueType.date.optional, [Instruction(.firstTime, bx: i)])
            add(ValueType.date.optional, [Instruction(.lastTime, bx: i)])
            for k in [0, 1, 2, 3, 5, 8, 40] { add(.bool, [Instruction(.countAtLeast, a: k, k: i)]) }
        }
    }

    static func value(_ type: ValueType, _ rng: inout SeededGenerator, _ state: inout RuleState, _ bundle: TipsBundle) -> Slot {
        if type.isOptional && rng.chance(30) { return .nil }
        switch type.kind {
        case .bool: return .bool(rng.chance(50))
        case .int: return .int(Int64(rng.below(10)) - 3)
        case .double: return .double([0, 1.5, -2, .nan, 3][rng.below(5)])
        case .string: return .string(state.intern(RandomBundle.texts[rng.below(RandomBundle.texts.count)]))
        case .date: return .date(ms: state.now - Int64(rng.below(1 << 30)))
        case .duration: return .duration(ms: Int64(rng.below(1 << 30)))
        case .enumeration: return .enumCase(rng.below(bundle.enums[Int(type.enumIndex)].cases.count))
        case .stringSet: return .set(state.addSet((0..<rng.below(3)).map { _ in RandomBundle.texts[rng.below(RandomBundle.texts.count)] }))
        }
    }
}
