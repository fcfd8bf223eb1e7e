import Testing
import TipsBenchSupport
import TipsBytecode

/// The operand roles table (`Opcode.roles`): one row per opcode that fits its format,
/// agrees with what the verifier checks, and is the table in Docs/bytecode.md; and
/// `ProgramReads` collects what the roles name.
struct OperandRolesTests {
    /// The table kind the verifier checks an operand of each index role against.
    static let indexKinds: [OperandRole: IndexKind] = [
        .constant: .constant, .string: .string, .parameter: .param, .event: .event, .query: .query,
    ]

    @Test func everyOpcodeHasARowThatFitsItsWord() {
        for op in Opcode.allCases {
            let roles = op.roles
            #expect((roles.first == nil) == (roles.format == .none), "\(op): a role for each operand field")
            #expect((roles.second == nil) == (roles.format != .aK), "\(op): K has a role exactly in format A K")
            #expect(!roles.pushesOperand || roles.first != nil, "\(op): pushes an operand it does not have")
            #expect(op.format == roles.format)
        }
        // `now` reads the clock with no operand for it; `localTime` reads it through the
        // local wall clock (its A names the field).
        #expect(Opcode.allCases.filter(\.roles.readsClock) == [.now, .localTime])
        #expect(Opcode.allCases.filter(\.roles.readsZone) == [.localTime, .countDays])
    }

    /// An operand whose role names a table is checked against exactly that table, and an
    /// operand of any other role against none: a wrong role fails here.
    @Test(arguments: Opcode.allCases)
    func indexRolesAreWhatTheVerifierChecks(op: Opcode) {
        let roles = op.roles
        let fields: [(role: OperandRole?, make: (Int) -> Instruction, limit: Int)]
        switch roles.format {
        case .none: fields = []
        case .a: fields = [(roles.first, { Instruction(op, a: $0) }, 255)]
        case .bx: fields = [(roles.first, { Instruction(op, bx: $0) }, Instruction.maxBx)]
        case .sBx: fields = [(roles.first, { Instruction(op, sBx: $0) }, Instruction.sBxRange.upperBound)]
        case .aK:
            fields = [(roles.first, { Instruction(op, a: $0, k: 0) }, 255), (roles.second, { Instruction(op, a: 0, k: $0) }, 65_535)]
        }
        for field in fields {
            let error = VerifierTests.load(VerifierTests.program([field.make(field.limit), Instruction(.ret)]))
            var kind: IndexKind? = nil
            if case .indexOutOfRange(let k, let index, _)? = error, index == field.limit { kind = k }
            #expect(kind == field.role.flatMap { Self.indexKinds[$0] }, "\(op) \(String(describing: field.role)): \(String(describing: error))")
        }
    }

    /// Docs/bytecode.md's roles table: every opcode in exactly one row, under its roles.
    @Test func docTableMatchesTheRoles() throws {
        var rows: [String: String] = [:]
        var seen: [String] = []
        var inTable = false
        for line in try OpcodeTableTests.read("Docs/bytecode.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| Operands and roles | Opcodes |") { inTable = true; continue }
            guard inTable else { continue }
            if line.hasPrefix("|---") { continue }
            guard line.hasPrefix("|") else { break }
            let cells = line.dropFirst().dropLast().split(separator: "|").map { String($0).trimmingSpaces }
            try #require(cells.count == 2, "row \(line)")
            for name in cells[1].split(separator: ",").map({ String($0).trimmingSpaces.replacingBackticks }) {
                rows[name] = cells[0]
                seen.append(name)
            }
        }
        #expect(seen.count == Opcode.allCases.count, "each opcode in exactly one row")
        for op in Opcode.allCases {
            #expect(rows[String(describing: op)] == op.roles.description, "\(op)")
        }
    }

    /// One program reading through every role; each list in first-read order, once each.
    @Test func readsCollectWhatTheRolesName() {
        var b = BundleBuilder()
        b.addParam("flag", type: .bool, default: .bool(true))                       // 0
        b.addParam("launch", type: .date, default: .date(ms: 5_000))                 // 1
        b.addParam("n", type: .int, default: .int(3))                                // 2
        b.addEvent("save", fields: [("size", .int)], maxAge: 7_000)                  // 0
        b.addEvent("open")                                                           // 1
        let windowed = b.query(Query(event: 1, window: 3_000))                       // q0
        let plain = b.query(Query(event: 0))                                         // q1
        let date = b.constant(.date(ms: 1_000)), duration = b.constant(.duration(ms: 60_000))
        let compared = b.constant(.date(ms: 9_000))
        let text = b.string("hello")
        var p = ProgramBuilder()
        p.emit(.countEvent, bx: 1)                       // open, no window
        p.emit(.countWithin, bx: Int(windowed))          // open again, through q0
        p.emit(.countAtLeast, a: 2, k: Int(plain))       // save through q1
        p.emit(.loadParam, bx: 2)
        p.emit(.paramEqConst, a: Int(compared), k: 1)    // launch compared: not an instant pushed
        p.emit(.loadParam, bx: 2)                        // n again
        p.emit(.pushConst, bx: Int(date))
        p.emit(.pushConst, bx: Int(duration))
        p.emit(.pushString, bx: Int(text))              // a literal: nothing read
        p.emit(.pushConst, bx: 9_999)                    // out of range: left out
        p.emit(.ret)
        let reads = ProgramReads(p.code, in: b.bundle)
        #expect(reads.parameters == [2, 1])
        #expect(reads.events == [1, 0])
        #expect(reads.countedEvents == [1])
        #expect(reads.queries == [Int(windowed), Int(plain)])
        #expect(reads.constants == [Int(compared), Int(date), Int(duration)])
        #expect(reads.instants == [1_000] && reads.durations == [60_000])
        #expect(reads.instantParameters.isEmpty, "a compared parameter never reaches the stack")
        #expect(reads.windows == [3_000, 7_000])
        #expect(!reads.readsClock && reads.readsTime && reads.isComplete)

        var clock = ProgramBuilder()
        clock.emit(.loadParam, bx: 1)
        clock.emit(.now)
        clock.emit(.lt)
        clock.emit(.ret)
        let timed = ProgramReads(clock.code, in: b.bundle)
        #expect(timed.readsClock && timed.readsTime && timed.instantParameters == [1] && timed.windows.isEmpty)
        #expect(ProgramReads([Instruction(word: 0xFF), Instruction(.ret)], in: b.bundle).isComplete == false)
        #expect(ProgramReads([Instruction(.pushInt, sBx: 3), Instruction(.ret)], in: b.bundle) == ProgramReads())
    }

    /// A long program of repeated operands: past the scan limit each list still holds each
    /// value once, in first-read order.
    @Test func longProgramsKeepEachReadOnce() {
        var b = BundleBuilder()
        for i in 0..<40 { b.addParam("p\(i)", type: .int, default: .int(0)) }
        var code: [Instruction] = []
        var order: [Int] = []
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<400 {
            let p = rng.below(40)
            code.append(Instruction(.loadParam, bx: p))
            if !order.contains(p) { order.append(p) }
        }
        let reads = ProgramReads(code, in: b.bundle)
        #expect(Array(reads.parameters) == order)
        #expect(reads.parameters.count == 40)
        // The visit reports every read, repeats included, in instruction order.
        var visited: [Int] = []
        ProgramReads.visit(code, in: b.bundle) { read in
            if case .parameter(let p) = read { visited.append(p) }
        }
        #expect(visited == code.map(\.bx))
    }

    @Test func readsNameTheArgumentsTheyRead() {
        var b = BundleBuilder()
        b.addParam("shown", type: .string, default: .string(0))
        let name = b.string("Item")
        b.addTip(TipSchema(name: name, id: Template([.literal(name), .argument(0)]), arguments: [FieldSchema(name: b.string("id"), type: .string), FieldSchema(name: b.string("n"), type: .int)],
                           title: .plain(Template([.literal(name)]))))
        let id = b.argumentConstant(tip: 0, argument: 0, placeholder: .string(b.string("")))
        let n = b.argumentConstant(tip: 0, argument: 1, placeholder: .int(0))
        let code = [Instruction(.paramEqConst, a: Int(id), k: 0), Instruction(.ret)]
        #expect(ProgramReads(code, in: b.bundle).arguments == [0])
        let both = [Instruction(.pushConst, bx: Int(n)), Instruction(.pushConst, bx: Int(id)), Instruction(.ret)]
        #expect(ProgramReads(both, in: b.bundle).arguments == [0, 1])
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
