import Testing
import TipsBytecode
import TipsVM

/// Comparisons, logic, nil rules, NaN, strings, sets and enums.
struct ComparisonTests {
    struct Case: Sendable, CustomStringConvertible {
        let op: Opcode, a: Constant, b: Constant, expected: Bool
        var description: String { "\(a) \(op) \(b)" }
    }

    static let nan = Double.nan
    static let cases: [Case] = [
        .init(op: .eq, a: .int(3), b: .int(3), expected: true),
        .init(op: .ne, a: .int(3), b: .int(3), expected: false),
        .init(op: .lt, a: .int(-1), b: .int(3), expected: true),
        .init(op: .le, a: .int(3), b: .int(3), expected: true),
        .init(op: .gt, a: .int(3), b: .int(3), expected: false),
        .init(op: .ge, a: .int(.min), b: .int(.max), expected: false),
        .init(op: .lt, a: .date(ms: 1), b: .date(ms: 2), expected: true),
        .init(op: .eq, a: .bool(true), b: .bool(true), expected: true),
        .init(op: .eq, a: .enumCase(0, 1), b: .enumCase(0, 2), expected: false),
        .init(op: .eq, a: .nil(.int), b: .nil(.int), expected: true),
        .init(op: .eq, a: .nil(.int), b: .int(5), expected: false),
        .init(op: .ne, a: .nil(.int), b: .int(5), expected: true),
        .init(op: .ne, a: .nil(.int), b: .nil(.int), expected: false),
        .init(op: .lt, a: .nil(.int), b: .int(5), expected: false),
        .init(op: .ge, a: .int(5), b: .nil(.int), expected: false),
        .init(op: .eqDouble, a: .double(0.0), b: .double(-0.0), expected: true),
        .init(op: .eqDouble, a: .double(nan), b: .double(nan), expected: false),
        .init(op: .neDouble, a: .double(nan), b: .double(nan), expected: false),
        .init(op: .neDouble, a: .double(1), b: .double(nan), expected: false),
        .init(op: .neDouble, a: .double(1), b: .double(2), expected: true),
        .init(op: .neDouble, a: .nil(.double), b: .double(nan), expected: true),
        .init(op: .neDouble, a: .nil(.double), b: .nil(.double), expected: false),
        .init(op: .ltDouble, a: .double(nan), b: .double(1), expected: false),
        .init(op: .leDouble, a: .double(1), b: .double(nan), expected: false),
        .init(op: .gtDouble, a: .double(nan), b: .double(1), expected: false),
        .init(op: .geDouble, a: .double(nan), b: .double(nan), expected: false),
        .init(op: .ltDouble, a: .double(1), b: .double(1.5), expected: true),
        .init(op: .geDouble, a: .double(1.5), b: .double(1.5), expected: true),
        .init(op: .eqDouble, a: .nil(.double), b: .nil(.double), expected: true),
        .init(op: .ltDouble, a: .nil(.double), b: .double(1), expected: false),
    ]

    @Test(arguments: cases)
    func compare(_ c: Case) throws {
        let r = try Fixture.run { b, p in
            Fixture.push(c.a, &b, &p)
            Fixture.push(c.b, &b, &p)
            p.emit(c.op)
        }
        #expect(r == .bool(c.expected))
    }

    @Test(arguments: [(true, true, true), (true, false, false), (false, true, false), (false, false, false)])
    func and(_ a: Bool, _ b: Bool, _ expected: Bool) throws {
        let r = try Fixture.run { _, p in
            p.emit(.pushBool, a: a ? 1 : 0)
            let l = p.emitJump(.jumpIfFalseOrPop)
            p.emit(.pushBool, a: b ? 1 : 0)
            p.patch(l)
        }
        #expect(r == .bool(expected))
    }

    @Test(arguments: [(true, true, true), (true, false, true), (false, true, true), (false, false, false)])
    func or(_ a: Bool, _ b: Bool, _ expected: Bool) throws {
        let r = try Fixture.run { _, p in
            p.emit(.pushBool, a: a ? 1 : 0)
            let l = p.emitJump(.jumpIfTrueOrPop)
            p.emit(.pushBool, a: b ? 1 : 0)
            p.emit(.not)
            p.emit(.not)
            p.patch(l)
        }
        #expect(r == .bool(expected))
    }

    @Test func shortCircuitSkipsTheRightSide() throws {
        // false && (1/0 == 0): the right side would be fine anyway (total semantics), so
        // check the jump lands past it: the result is the kept false.
        let r = try Fixture.run { _, p in
            p.emit(.pushBool, a: 0)
            let l = p.emitJump(.jumpIfFalseOrPop)
            p.emit(.pushBool, a: 1)
            p.patch(l)
            p.emit(.not)
        }
        #expect(r == .bool(true))
    }

    @Test func coalesceAndIsNil() throws {
        let fallback = try Fixture.run(.int) { _, p in
            p.emit(.loadParam, bx: Fixture.maybe); p.emit(.pushInt, sBx: 7); p.emit(.coalesce)
        }
        #expect(fallback == .int(7))
        let value = try Fixture.run(.int, setup: { $0.setParam(Fixture.maybe, .int(3)) }) { _, p in
            p.emit(.loadParam, bx: Fixture.maybe); p.emit(.pushInt, sBx: 7); p.emit(.coalesce)
        }
        #expect(value == .int(3))
        let isNil = try Fixture.run { _, p in p.emit(.loadParam, bx: Fixture.maybeFlag); p.emit(.isNil) }
        #expect(isNil == .bool(true))
        let flag = try Fixture.run(setup: { $0.setParam(Fixture.maybeFlag, .bool(true)) }) { b, p in
            p.emit(.loadParam, bx: Fixture.maybeFlag)
            Fixture.push(.bool(true), &b, &p)
            p.emit(.eq)
        }
        #expect(flag == .bool(true))
    }

    @Test func paramEqConst() throws {
        let r = try Fixture.run { b, p in p.emit(.paramEqConst, a: Int(b.constant(.enumCase(0, 1))), k: Fixture.color) }
        #expect(r == .bool(true))
        let flag = try Fixture.run(setup: { $0.setParam(Fixture.flag, .bool(true)) }) { b, p in
            p.emit(.paramEqConst, a: Int(b.constant(.bool(true))), k: Fixture.flag)
        }
        #expect(flag == .bool(true))
        let optional = try Fixture.run { b, p in p.emit(.paramEqConst, a: Int(b.constant(.int(5))), k: Fixture.maybe) }
        #expect(optional == .bool(false))
        let nilEq = try Fixture.run { b, p in p.emit(.paramEqConst, a: Int(b.constant(.nil(.int))), k: Fixture.maybe) }
        #expect(nilEq == .bool(true))
    }

    static let stringCases: [(Opcode, String, String, Bool)] = [
        (.hasPrefix, "hello", "he", true), (.hasPrefix, "hello", "lo", false), (.hasPrefix, "he", "hello", false),
        (.hasPrefix, "hello", "", true), (.hasSuffix, "hello", "llo", true), (.hasSuffix, "hello", "hel", false),
        (.containsString, "hello", "ell", true), (.containsString, "hello", "", true),
        (.containsString, "hello", "elo", false), (.containsString, "", "a", false), (.containsString, "héllo", "él", true),
    ]

    @Test(arguments: stringCases)
    func stringOps(_ op: Opcode, _ s: String, _ x: String, _ expected: Bool) throws {
        let r = try Fixture.run { b, p in
            Fixture.pushString(s, &b, &p)
            Fixture.pushString(x, &b, &p)
            p.emit(op)
        }
        #expect(r == .bool(expected))
    }

    @Test(arguments: [("", 0), ("abc", 3), ("héllo", 5), ("😀👍", 2)])
    func countAndIsEmpty(_ s: String, _ n: Int64) throws {
        let count = try Fixture.run(.int) { b, p in Fixture.pushString(s, &b, &p); p.emit(.countString) }
        #expect(count == .int(n))
        let empty = try Fixture.run { b, p in Fixture.pushString(s, &b, &p); p.emit(.isEmptyString) }
        #expect(empty == .bool(n == 0))
    }

    @Test(arguments: [("a", "b", Relation.lt, true), ("b", "a", .lt, false), ("ab", "a", .gt, true), ("a", "a", .le, true),
                      ("Z", "a", .lt, true), ("é", "z", .gt, true), ("a", "a", .eq, true), ("a", "b", .ne, true),
                      ("a", "a", .ge, true)])
    func compareString(_ a: String, _ b: String, _ relation: Relation, _ expected: Bool) throws {
        let r = try Fixture.run { bb, p in
            Fixture.pushString(a, &bb, &p)
            Fixture.pushString(b, &bb, &p)
            p.emit(.compareString, a: Int(relation.rawValue))
        }
        #expect(r == .bool(expected))
    }

    @Test func runtimeStringsAreInterned() throws {
        // A host-set parameter value equal to a bundle string compares equal by id.
        let r = try Fixture.run(setup: { s in let id = s.intern("world"); s.setParam(Fixture.name, .string(id)) }) { b, p in
            p.emit(.loadParam, bx: Fixture.name)
            Fixture.pushString("world", &b, &p)
            p.emit(.eq)
        }
        #expect(r == .bool(true))
        let fresh = try Fixture.run(setup: { s in let id = s.intern("brand new"); s.setParam(Fixture.name, .string(id)) }) { b, p in
            p.emit(.loadParam, bx: Fixture.name)
            Fixture.pushString("brand", &b, &p)
            p.emit(.hasPrefix)
        }
        #expect(fresh == .bool(true))
    }

    @Test func sets() throws {
        let has = try Fixture.run { b, p in
            p.emit(.loadParam, bx: Fixture.tags); Fixture.pushString("b", &b, &p); p.emit(.setContains)
        }
        #expect(has == .bool(true))
        let missing = try Fixture.run { b, p in
            p.emit(.loadParam, bx: Fixture.tags); Fixture.pushString("z", &b, &p); p.emit(.setContains)
        }
        #expect(missing == .bool(false))
        let count = try Fixture.run(.int) { _, p in p.emit(.loadParam, bx: Fixture.tags); p.emit(.setCount) }
        #expect(count == .int(2))
        let runtime = try Fixture.run(.int, setup: { s in let id = s.addSet(["x", "y", "x", "z"]); s.setParam(Fixture.tags, .set(id)) }) { _, p in
            p.emit(.loadParam, bx: Fixture.tags); p.emit(.setCount)
        }
        #expect(runtime == .int(3))
        let empty = try Fixture.run(setup: { s in let id = s.addSet([]); s.setParam(Fixture.tags, .set(id)) }) { _, p in
            p.emit(.loadParam, bx: Fixture.tags); p.emit(.setIsEmpty)
        }
        #expect(empty == .bool(true))
        let contains = try Fixture.run(setup: { s in let id = s.addSet(["q", "hello"]); s.setParam(Fixture.tags, .set(id)) }) { _, p in
            p.emit(.loadParam, bx: Fixture.tags); p.emit(.loadParam, bx: Fixture.name); p.emit(.setContains)
        }
        #expect(contains == .bool(true))
    }

    @Test func stateRefusesBadValues() throws {
        var b = Fixture.builder()
        var p = ProgramBuilder()
        p.emit(.pushBool, a: 1); p.emit(.ret)
        b.addProgram(p.program(resultType: .bool))
        var state = RuleState(try BundleLoader.load(BundleWriter.encode(b.bundle)))
        let r1 = state.setParam(Fixture.flag, Slot(bits: 2))
        #expect(!r1)
        let r2 = state.setParam(Fixture.name, .string(10_000))
        #expect(!r2)
        let r3 = state.setParam(Fixture.color, .enumCase(3))
        #expect(!r3)
        let r4 = state.setParam(Fixture.n, .nil)
        #expect(!r4)
        let r5 = state.setParam(99, .int(1))
        #expect(!r5)
        let r6 = state.setParam(Fixture.maybe, .nil)
        #expect(r6)
        let r7 = state.donate(event: Fixture.buy, at: 0, payload: [.double(1)])
        #expect(!r7)
        let r8 = state.donate(event: 7, at: 0)
        #expect(!r8)
        let r9 = state.donate(event: Fixture.buy, at: 0, payload: [.nil, .nil, .nil, .nil, .nil])
        #expect(r9)
    }
}
