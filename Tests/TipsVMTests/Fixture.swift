import TipsBytecode
import TipsVM

/// A small catalog schema shared by the VM tests, and helpers to run one program on it.
enum Fixture {
    // Parameter slots.
    static let flag = 0, n = 1, x = 2, name = 3, when = 4, color = 5, tags = 6, maybe = 7, maybeFlag = 8, maybeX = 9
    // Events.
    static let save = 0, buy = 1, aged = 2
    // Payload fields of `buy`.
    static let price = 0, kind = 1, item = 2, qty = 3, gift = 4
    static let day: Int64 = 86_400_000

    /// The schema, into a fresh builder.
    static func builder() -> BundleBuilder {
        var b = BundleBuilder()
        b.addEnum("Color", cases: ["red", "green", "blue"])
        b.addParam("flag", type: .bool, default: .bool(false))
        b.addParam("n", type: .int, default: .int(5))
        b.addParam("x", type: .double, default: .double(2.5))
        let hello = b.string("hello")
        b.addParam("name", type: .string, default: .string(hello))
        b.addParam("when", type: ValueType.date.optional, default: .nil(.date))
        b.addParam("color", type: .enumeration(0), default: .enumCase(0, 1))
        let ab = b.set(["a", "b"])
        b.addParam("tags", type: .stringSet, default: .set(ab))
        b.addParam("maybe", type: ValueType.int.optional, default: .nil(.int))
        b.addParam("maybeFlag", type: ValueType.bool.optional, default: .nil(.bool), transient: true)
        b.addParam("maybeX", type: ValueType.double.optional, default: .nil(.double))
        b.addEvent("save")
        b.addEvent("buy", fields: [("price", .double), ("kind", .enumeration(0)), ("item", .string), ("qty", .int), ("gift", .bool)], limit: 5)
        b.addEvent("aged", maxAge: day)
        return b
    }

    /// Builds, encodes, loads (decode + verify) and runs one program of `type`, emitted by
    /// `emit` (which must leave one value; `ret` is appended), on a state prepared by `setup`.
    static func run(_ type: ValueType = .bool, setup: (inout RuleState) -> Void = { _ in },
                    _ emit: (inout BundleBuilder, inout ProgramBuilder) -> Void) throws -> Slot {
        var b = builder()
        var p = ProgramBuilder()
        emit(&b, &p)
        p.emit(.ret)
        b.addProgram(p.program(resultType: type))
        let verified = try BundleLoader.load(BundleWriter.encode(b.bundle))
        let vm = RuleVM(verified)
        var state = RuleState(verified, now: 10 * day)
        setup(&state)
        return vm.evaluate(0, in: state)
    }

    /// Pushes a constant the cheapest way.
    static func push(_ c: Constant, _ b: inout BundleBuilder, _ p: inout ProgramBuilder) { b.emitPush(c, into: &p) }

    /// A buy payload.
    static func buy(_ state: inout RuleState, at t: Int64, price: Double = 1, kind: Int = 0, item: String = "pen",
                    qty: Int64 = 1, gift: Bool = false) {
        let id = state.intern(item)
        let ok = state.donate(event: buy, at: t, payload: [.double(price), .enumCase(kind), .string(id), .int(qty), .bool(gift)])
        precondition(ok)
    }
}

extension Fixture {
    /// Pushes a string constant.
    static func pushString(_ s: String, _ b: inout BundleBuilder, _ p: inout ProgramBuilder) {
        let id = b.string(s)
        b.emitPush(.string(id), into: &p)
    }
}
