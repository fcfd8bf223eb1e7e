import Testing
import TipsBenchSupport
import TipsBytecode
import TipsTestSupport
@testable import TipsRuntime
@testable import TipsVM

/// `ProgramReads` (one pass over the opcodes' roles) gives the runtime's dependency index,
/// explanations and wake-up footprints and the VM's time inputs what each computed with
/// its own `switch` before: those switches are kept here, as they were, as the oracle.
/// Over the Definitions/ catalogs and seeded random bundles with extra programs for every
/// query opcode, the clock, instants and durations, and (where the consumer reads
/// unverified bundles) random instruction words.
@Suite struct ReadsDifferentialTests {
    static let catalogs = ["notes-app", "fitness-app", "photo-app", "shop-app", "recipe-app"]

    // MARK: The old code, as it was

    /// `DependencyIndex.init`'s scan.
    static func oldDependencies(_ b: TipsBundle) -> (events: [[Int]], params: [[Int]]) {
        var events = [[Int]](repeating: [], count: b.events.count)
        var params = [[Int]](repeating: [], count: b.params.count)
        for (t, tip) in b.tips.enumerated() {
            var readsEvent = Set<Int>(), readsParam = Set<Int>()
            func query(_ q: Int) {
                if b.queries.indices.contains(q) { readsEvent.insert(Int(b.queries[q].event)) }
            }
            for r in tip.rules where b.programs.indices.contains(Int(r)) {
                for ins in b.programs[Int(r)].code {
                    switch ins.opcode {
                    case .countEvent?: readsEvent.insert(ins.bx)
                    case .countWithin?, .countWhere?, .largestGroup?, .smallestGroup?, .firstTime?, .lastTime?, .countDays?: query(ins.bx)
                    case .countAtLeast?: query(ins.k)
                    case .loadParam?: readsParam.insert(ins.bx)
                    case .paramEqConst?: readsParam.insert(ins.k)
                    default: break
                    }
                }
            }
            for e in readsEvent where events.indices.contains(e) { events[e].append(t) }
            for p in readsParam where params.indices.contains(p) { params[p].append(t) }
        }
        return (events, params)
    }

    /// `Engine.reads`: parameters and events in first-read order.
    static func oldExplanationReads(_ code: [Instruction], _ b: TipsBundle) -> (params: [Int], events: [Int]) {
        var params: [Int] = [], events: [Int] = []
        func param(_ k: Int) { if b.params.indices.contains(k), !params.contains(k) { params.append(k) } }
        func event(_ e: Int) { if b.events.indices.contains(e), !events.contains(e) { events.append(e) } }
        func query(_ q: Int) { if b.queries.indices.contains(q) { event(Int(b.queries[q].event)) } }
        for ins in code {
            switch ins.opcode {
            case .loadParam?: param(ins.bx)
            case .paramEqConst?: param(ins.k)
            case .countEvent?: event(ins.bx)
            case .countWithin?, .countWhere?, .largestGroup?, .smallestGroup?, .firstTime?, .lastTime?, .countDays?: query(ins.bx)
            case .countAtLeast?: query(ins.k)
            default: break
            }
        }
        return (params, events)
    }

    /// `Engine.isConstant(probe:)`.
    static func oldIsConstant(probe k: UInt32, _ b: TipsBundle) -> Bool {
        guard b.explain.programs.indices.contains(Int(k)) else { return false }
        let code = b.explain.programs[Int(k)].code
        let r = oldExplanationReads(code, b)
        // `platformIn` came later: the platform is an input too, so a probe that tests it is not constant.
        // So are the calendar opcodes (the clock and zone, the install and update instants).
        let inputs: Set<Opcode> = [.now, .platformIn, .localTime, .lifetime, .countDays]
        return r.params.isEmpty && r.events.isEmpty && !code.contains { $0.opcode.map(inputs.contains) ?? false }
    }

    struct Footprint: Equatable {
        var events: [Int], dateConstants: [Int64], dateParams: [Int], offsets: [Int64], timeDependent: Bool
    }

    /// `TipFootprint.init`.
    static func oldFootprint(rules: [Int], bundle: TipsBundle) -> Footprint {
        var events = Set<Int>(), dates = Set<Int64>(), params = Set<Int>(), durations = Set<Int64>([0])
        var usesNow = false, implicitTime = false
        func useEvent(_ e: Int) {
            guard bundle.events.indices.contains(e) else { return }
            events.insert(e)
            if let age = bundle.events[e].maxAge {
                durations.insert(age)
                implicitTime = true
            }
        }
        func useQuery(_ q: Int) {
            guard bundle.queries.indices.contains(q) else { return }
            let query = bundle.queries[q]
            useEvent(Int(query.event))
            if let w = query.window {
                durations.insert(w)
                implicitTime = true
            }
        }
        for r in rules where bundle.programs.indices.contains(r) {
            for ins in bundle.programs[r].code {
                switch ins.opcode {
                case .now?: usesNow = true
                case .countEvent?: useEvent(ins.bx)
                case .countWithin?, .countWhere?, .largestGroup?, .smallestGroup?, .firstTime?, .lastTime?: useQuery(ins.bx)
                case .countAtLeast?: useQuery(ins.k)
                // The local calendar: the clock through the wall clock; local days are a query.
                case .localTime?: usesNow = true
                case .countDays?: useQuery(ins.bx)
                case .pushConst?:
                    guard bundle.constants.indices.contains(ins.bx) else { break }
                    let c = bundle.constants[ins.bx]
                    if c.isNil { break }
                    if c.type.kind == .date { dates.insert(Int64(bitPattern: c.bits)) }
                    if c.type.kind == .duration { durations.insert(Int64(bitPattern: c.bits)) }
                case .loadParam?:
                    if bundle.params.indices.contains(ins.bx), bundle.params[ins.bx].type.kind == .date { params.insert(ins.bx) }
                default: break
                }
            }
        }
        let base = Array(durations)
        if base.count <= 24 {
            for a in base { for b in base { durations.insert(a &+ b) } }
        }
        var offsets = Set<Int64>()
        for d in durations { offsets.formUnion([d, d &+ 1, 0 &- d, 1 &- d]) }
        return Footprint(events: events.sorted(), dateConstants: dates.sorted(), dateParams: params.sorted(),
                         offsets: offsets.sorted(), timeDependent: usesNow || implicitTime)
    }

    /// One time-input use, comparable: (query, event, matching donations before each row).
    struct Use: Hashable { var query: Int, event: Int, matchesBefore: [Int] }

    /// `RuleVM.timeInputs`' uses (one per reading instruction, in code order).
    static func oldTimeInputs(_ vm: RuleVM, program: Int, in state: RuleState) -> [Use]? {
        let b = vm.verified.bundle
        guard b.programs.indices.contains(program) else { return nil }
        var wanted: [(query: Int, event: Int, filtered: Bool)] = []
        for ins in b.programs[program].code {
            switch ins.opcode {
            case nil, .now?, .localTime?: return nil
            case .countEvent?: wanted.append((-1, ins.bx, false))
            case .countDays?: wanted.append((ins.bx, Int(b.queries[ins.bx].event), true))
            case .countWithin?: wanted.append((ins.bx, Int(b.queries[ins.bx].event), false))
            case .countWhere?, .largestGroup?, .smallestGroup?, .firstTime?, .lastTime?:
                wanted.append((ins.bx, Int(b.queries[ins.bx].event), true))
            case .countAtLeast?: wanted.append((ins.k, Int(b.queries[ins.k].event), true))
            default: break
            }
        }
        return vm.withFrame(state) { frame in
            var uses: [Use] = []
            for w in wanted {
                var use = Use(query: w.query, event: w.event, matchesBefore: [])
                if w.filtered, w.query >= 0 {
                    let q = frame.queries[w.query]
                    if q.termStart != q.termEnd {
                        let start = frame.eventStarts[w.event], end = frame.eventStarts[w.event &+ 1]
                        var before = [Int](repeating: 0, count: end - start + 1)
                        for i in start..<end { before[i - start + 1] = before[i - start] + (frame.matches(q, i) ? 1 : 0) }
                        use.matchesBefore = before
                    }
                }
                uses.append(use)
            }
            return uses
        }
    }

    // MARK: Inputs

    static func definitions(_ name: String) throws -> VerifiedBundle {
        try BundleLoader.load(try CatalogTests.bundle(name))
    }

    /// A random bundle with one program per query opcode, the clock, instants, durations
    /// and date parameters, and a tip reading them all.
    static func random(seed: Int) throws -> VerifiedBundle {
        var b = RandomBundle.make(seed: UInt64(seed))
        var rng = SeededGenerator(seed: UInt64(seed) &* 31 &+ 7)
        func add(_ type: ValueType, _ code: [Instruction]) { b.programs.append(Program(resultType: type, code: code + [Instruction(.ret)])) }
        for e in b.events.indices { add(.int, [Instruction(.countEvent, bx: e)]) }
        for (i, q) in b.queries.enumerated() {
            if q.groupField != noIndex {
                add(.int, [Instruction(rng.chance(50) ? .largestGroup : .smallestGroup, bx: i)])
                continue
            }
            if q.filter != noIndex { add(.int, [Instruction(.countWhere, bx: i)]) }
            if q.filter == noIndex && q.window != nil { add(.int, [Instruction(.countWithin, bx: i)]) }
            add(ValueType.date.optional, [Instruction(rng.chance(50) ? .firstTime : .lastTime, bx: i)])
            add(.bool, [Instruction(.countAtLeast, a: rng.below(5), k: i)])
        }
        let instant = UInt32(b.constants.count)
        b.constants += [.date(ms: Int64(rng.below(1 << 30)) * 1000), .duration(ms: Int64(1 + rng.below(1 << 20))), .nil(.date)]
        add(.bool, [Instruction(.now), Instruction(.pushConst, bx: Int(instant)), Instruction(.pushConst, bx: Int(instant) + 1),
                    Instruction(.addInt), Instruction(.gt)])
        add(.duration, [Instruction(.pushConst, bx: Int(instant) + 1)])
        add(ValueType.date.optional, [Instruction(.pushConst, bx: Int(instant) + 2)])
        let dateParam = UInt32(b.params.count)
        b.strings.append("launchDate")
        b.params.append(ParamSchema(name: UInt32(b.strings.count - 1), type: .date, defaultValue: instant))
        add(.bool, [Instruction(.loadParam, bx: Int(dateParam)), Instruction(.pushConst, bx: Int(instant)), Instruction(.lt)])
        if instant < 256 { add(.bool, [Instruction(.paramEqConst, a: Int(instant), k: Int(dateParam))]) }
        // Every Bool program is a rule of one more tip, and of a tip each of its own.
        let bools = b.programs.indices.filter { b.programs[$0].resultType == .bool }.map(UInt32.init)
        let name = UInt32(b.strings.count)
        b.strings.append("ReadsAll")
        b.tips.append(TipSchema(name: name, id: Template([.literal(name)]), title: .plain(Template([.literal(name)])), rules: bools))
        if b.explain != ExplainTable() { b.explain.tips.append(bools.map { _ in RuleExplanation(text: "", location: .none, probes: []) }) }
        return try BundleLoader.load(BundleWriter.encode(b))
    }

    /// `bundle` with random instruction words (any opcode, any operands, unknown bytes)
    /// as extra rule and probe programs: the runtime's scans read unverified code too.
    static func garbled(_ bundle: TipsBundle, seed: Int) -> TipsBundle {
        var b = bundle
        var rng = SeededGenerator(seed: UInt64(seed) &+ 0xC0FFEE)
        let ops = Opcode.allCases
        func operand() -> Int { rng.chance(80) ? rng.below(12) : Int(truncatingIfNeeded: rng.next()) }
        var rules: [UInt32] = []
        for _ in 0..<8 {
            var code: [Instruction] = []
            for _ in 0..<(1 + rng.below(12)) {
                if rng.chance(5) { code.append(Instruction(word: UInt32(0xF0 + rng.below(15)))); continue }
                let op = ops[rng.below(ops.count)]
                switch op.format {
                case .none: code.append(Instruction(op))
                case .a: code.append(Instruction(op, a: operand()))
                case .bx: code.append(Instruction(op, bx: operand()))
                case .sBx: code.append(Instruction(op, sBx: operand()))
                case .aK: code.append(Instruction(op, a: operand(), k: operand()))
                }
            }
            rules.append(UInt32(b.programs.count))
            b.programs.append(Program(resultType: .bool, code: code))
            b.explain.programs.append(Program(resultType: .bool, code: code))
        }
        for t in b.tips.indices where rng.chance(50) { b.tips[t].rules += rules.filter { _ in rng.chance(40) } }
        b.tips[b.tips.count - 1].rules += rules
        return b
    }

    // MARK: Comparisons

    /// The bundle-level consumers: dependency index, explanation reads and constants,
    /// footprints per tip and per rule.
    static func compareScans(_ b: TipsBundle, _ label: String) {
        let old = oldDependencies(b)
        let index = DependencyIndex(b)
        #expect(index.readersOfEvent == old.events, "\(label): readers of events")
        #expect(index.readersOfParam == old.params, "\(label): readers of parameters")
        for (p, program) in b.programs.enumerated() {
            let reads = program.reads(in: b)
            let expected = oldExplanationReads(program.code, b)
            #expect(reads.parameters == expected.params && reads.events == expected.events, "\(label): program \(p)")
            #expect(reads.readsTime == oldFootprint(rules: [p], bundle: b).timeDependent, "\(label): program \(p) reads time")
        }
        for k in b.explain.programs.indices {
            #expect(Engine.isConstant(probe: UInt32(k), b) == oldIsConstant(probe: UInt32(k), b), "\(label): probe \(k)")
        }
        for tip in b.tips {
            let rules = tip.rules.map(Int.init)
            let f = TipFootprint(rules: rules, bundle: b)
            let new = Footprint(events: f.events, dateConstants: f.dateConstants, dateParams: f.dateParams, offsets: f.offsets,
                                timeDependent: f.timeDependent)
            #expect(new == oldFootprint(rules: rules, bundle: b), "\(label): footprint of \(rules)")
        }
    }

    /// The VM's time inputs over random states: the same uses (each once) and the same nil.
    static func compareTimeInputs(_ verified: VerifiedBundle, seed: Int, _ label: String) {
        let b = verified.bundle
        let vm = RuleVM(verified)
        var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 1)
        var state = RuleState(verified, now: 1_700_000_000_000)
        for (e, event) in b.events.enumerated() {
            for _ in 0..<rng.below(40) {
                let t = state.now + Int64(rng.below(1 << 31)) - (1 << 30)
                let payload = event.fields.map { field -> Slot in
                    if rng.chance(10) { return .nil }
                    switch field.type.kind {
                    case .bool: return .bool(rng.chance(50))
                    case .int: return .int(Int64(rng.below(10)) - 3)
                    case .double: return .double([0, 1.5, -2, .nan, 3][rng.below(5)])
                    case .string: return .string(state.intern(RandomBundle.texts[rng.below(RandomBundle.texts.count)]))
                    case .date: return .date(ms: state.now - Int64(rng.below(1 << 30)))
                    case .duration: return .duration(ms: Int64(rng.below(1 << 30)))
                    case .enumeration: return .enumCase(rng.below(b.enums[Int(field.type.enumIndex)].cases.count))
                    case .stringSet: return .nil
                    }
                }
                _ = state.donate(event: e, at: t, payload: payload)
            }
        }
        var compared = 0
        for p in b.programs.indices {
            let old = oldTimeInputs(vm, program: p, in: state)
            let new = vm.timeInputs(program: p, in: state)
            #expect((old == nil) == (new == nil), "\(label): program \(p) reads now")
            guard let old, let new else { continue }
            let uses = new.uses.map { Use(query: $0.query, event: $0.event, matchesBefore: $0.matchesBefore) }
            #expect(Set(uses) == Set(old), "\(label): program \(p)")
            #expect(uses.count == Set(uses).count, "\(label): program \(p): each use once")
            compared += 1
        }
        #expect(compared > 0 || b.programs.isEmpty, "\(label): no program compared")
    }

    @Test(arguments: catalogs)
    func definitionsCatalogs(name: String) throws {
        let verified = try Self.definitions(name)
        Self.compareScans(verified.bundle, name)
        Self.compareScans(Self.garbled(verified.bundle, seed: name.utf8.count), name + " garbled")
        Self.compareTimeInputs(verified, seed: name.utf8.count, name)
    }

    @Test(arguments: 0..<120)
    func randomBundles(seed: Int) throws {
        let verified = try Self.random(seed: seed)
        Self.compareScans(verified.bundle, "seed \(seed)")
        Self.compareScans(Self.garbled(verified.bundle, seed: seed), "seed \(seed) garbled")
        Self.compareTimeInputs(verified, seed: seed, "seed \(seed)")
    }
}
