import Testing
import TipsBytecode
import TipsVM

/// Int-family and Double arithmetic: wrapping, division by zero, promotion, nil.
struct ArithmeticTests {
    struct IntCase: Sendable, CustomStringConvertible {
        let op: Opcode, a: Int64, b: Int64, expected: Int64
        var description: String { "\(op) \(a) \(b)" }
    }

    static let intCases: [IntCase] = [
        .init(op: .addInt, a: 2, b: 3, expected: 5),
        .init(op: .addInt, a: .max, b: 1, expected: .min),
        .init(op: .subInt, a: .min, b: 1, expected: .max),
        .init(op: .subInt, a: 3, b: 10, expected: -7),
        .init(op: .mulInt, a: .max, b: 2, expected: -2),
        .init(op: .mulInt, a: -4, b: 5, expected: -20),
        .init(op: .divInt, a: 7, b: 2, expected: 3),
        .init(op: .divInt, a: -7, b: 2, expected: -3),
        .init(op: .divInt, a: 7, b: 0, expected: 0),
        .init(op: .divInt, a: .min, b: -1, expected: .min),
        .init(op: .remInt, a: 7, b: 3, expected: 1),
        .init(op: .remInt, a: -7, b: 3, expected: -1),
        .init(op: .remInt, a: 7, b: 0, expected: 0),
        .init(op: .remInt, a: .min, b: -1, expected: 0),
        .init(op: .minInt, a: 3, b: -9, expected: -9),
        .init(op: .maxInt, a: 3, b: -9, expected: 3),
    ]

    @Test(arguments: intCases)
    func intBinary(_ c: IntCase) throws {
        let r = try Fixture.run(.int) { b, p in
            Fixture.push(.int(c.a), &b, &p)
            Fixture.push(.int(c.b), &b, &p)
            p.emit(c.op)
        }
        #expect(r == .int(c.expected))
    }

    @Test(arguments: [(Int64(5), Int64(-5)), (.min, .min), (0, 0)])
    func negInt(_ a: Int64, _ expected: Int64) throws {
        let r = try Fixture.run(.int) { b, p in Fixture.push(.int(a), &b, &p); p.emit(.negInt) }
        #expect(r == .int(expected))
    }

    struct DoubleCase: Sendable, CustomStringConvertible {
        let op: Opcode, a: Double, b: Double, expected: Double
        var description: String { "\(op) \(a) \(b)" }
    }

    static let doubleCases: [DoubleCase] = [
        .init(op: .addDouble, a: 1.5, b: 2.25, expected: 3.75),
        .init(op: .subDouble, a: 1.5, b: 2.25, expected: -0.75),
        .init(op: .mulDouble, a: 1.5, b: 4, expected: 6),
        .init(op: .divDouble, a: 1, b: 4, expected: 0.25),
        .init(op: .divDouble, a: 1, b: 0, expected: 0),
        .init(op: .divDouble, a: -1, b: -0.0, expected: 0),
        .init(op: .remDouble, a: 5.5, b: 2, expected: 1.5),
        .init(op: .remDouble, a: -5.5, b: 2, expected: -1.5),
        .init(op: .remDouble, a: 5.5, b: 0, expected: 0),
        .init(op: .minDouble, a: 1, b: 2, expected: 1),
        .init(op: .maxDouble, a: 1, b: 2, expected: 2),
        .init(op: .minDouble, a: .nan, b: 2, expected: .nan),
        .init(op: .maxDouble, a: .nan, b: 2, expected: .nan),
        .init(op: .minDouble, a: 2, b: .nan, expected: 2),
        .init(op: .addDouble, a: .greatestFiniteMagnitude, b: .greatestFiniteMagnitude, expected: .infinity),
    ]

    @Test(arguments: doubleCases)
    func doubleBinary(_ c: DoubleCase) throws {
        let r = try Fixture.run(.double) { b, p in
            Fixture.push(.double(c.a), &b, &p)
            Fixture.push(.double(c.b), &b, &p)
            p.emit(c.op)
        }
        #expect(r.doubleValue == c.expected || (r.doubleValue.isNaN && c.expected.isNaN))
        #expect(!r.isNil)
    }

    @Test func negDouble() throws {
        let r = try Fixture.run(.double) { b, p in Fixture.push(.double(2.5), &b, &p); p.emit(.negDouble) }
        #expect(r.doubleValue == -2.5)
    }

    @Test func promotion() throws {
        // n (Int 5) + x (Double 2.5): promote the left operand (depth 1).
        let r = try Fixture.run(.double) { _, p in
            p.emit(.loadParam, bx: Fixture.n)
            p.emit(.loadParam, bx: Fixture.x)
            p.emit(.intToDouble, a: 1)
            p.emit(.addDouble)
        }
        #expect(r.doubleValue == 7.5)
        let top = try Fixture.run(.double) { _, p in
            p.emit(.loadParam, bx: Fixture.x)
            p.emit(.pushInt, sBx: -3)
            p.emit(.intToDouble, a: 0)
            p.emit(.mulDouble)
        }
        #expect(top.doubleValue == -7.5)
    }

    @Test func dateAndDuration() throws {
        let day = Fixture.day
        // now - 3d is a Date; now - (now - 3d) is a Duration of 3 days.
        let r = try Fixture.run(.duration) { b, p in
            p.emit(.now)
            p.emit(.now)
            Fixture.push(.duration(ms: 3 * day), &b, &p)
            p.emit(.subInt)
            p.emit(.subInt)
        }
        #expect(r == .duration(ms: 3 * day))
        let scaled = try Fixture.run(.duration) { b, p in
            Fixture.push(.duration(ms: 7 * day), &b, &p)
            p.emit(.pushInt, sBx: 2)
            p.emit(.mulInt)
            p.emit(.pushInt, sBx: 0)
            p.emit(.divInt)
        }
        #expect(scaled == .duration(ms: 0))
    }

    @Test func nilPropagates() throws {
        let r = try Fixture.run(ValueType.int.optional) { _, p in
            p.emit(.loadParam, bx: Fixture.maybe)
            p.emit(.pushInt, sBx: 1)
            p.emit(.addInt)
        }
        #expect(r == .nil)
        let set = try Fixture.run(ValueType.int.optional, setup: { $0.setParam(Fixture.maybe, .int(41)) }) { _, p in
            p.emit(.loadParam, bx: Fixture.maybe)
            p.emit(.pushInt, sBx: 1)
            p.emit(.addInt)
        }
        #expect(set == .int(42))
        let double = try Fixture.run(ValueType.double.optional) { b, p in
            Fixture.push(.double(1), &b, &p)
            p.emit(.loadParam, bx: Fixture.maybeX)
            p.emit(.divDouble)
        }
        #expect(double == .nil)
    }
}
