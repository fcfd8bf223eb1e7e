/// What one program reads, found from its operands' roles (`Opcode.roles`) in one pass at
/// load: the single answer the runtime's dependency index, explanations and wake-up
/// footprints and the VM's time inputs share, so none of them switches over opcodes.
///
/// Every list is in first-read order with each entry once. Operands out of the bundle's
/// range are left out (a verified bundle has none); an unknown opcode byte makes the
/// reads incomplete (`isComplete`).
public struct ProgramReads: Hashable, Sendable {
    /// Parameter slots it reads, loaded or compared (`loadParam`, `paramEqConst`).
    public var parameters: [Int] = []
    /// Events whose donations it reads: counted whole or through one of its queries.
    public var events: [Int] = []
    /// Event queries it reads.
    public var queries: [Int] = []
    /// Events it counts whole, without a query (`countEvent`): every visible donation,
    /// future ones included.
    public var countedEvents: [Int] = []
    /// Constant-pool entries it reads, pushed or compared.
    public var constants: [Int] = []
    /// String-table entries it pushes.
    public var strings: [Int] = []
    /// Reusable tips' arguments it reads: indices, ascending, into the bundle's
    /// `argumentBindings` whose constant it reads.
    public var arguments: [Int] = []

    // Time inputs: what time alone can change its value through.

    /// Whether it reads the evaluation instant `now` itself.
    public var readsClock = false
    /// The windows of the queries it reads and the `maxAge`s of the events it reads (ms):
    /// the ranges of donations it sees move with `now` by these.
    public var windows: [Int64] = []
    /// Instants it pushes from the constant pool (ms since 1970), which may meet `now`.
    public var instants: [Int64] = []
    /// Date parameters whose values it pushes, which may meet `now`.
    public var instantParameters: [Int] = []
    /// Durations it pushes from the constant pool (ms).
    public var durations: [Int64] = []

    /// False when the code holds a byte that is no opcode: what that instruction reads is
    /// not known, so the lists may be short.
    public var isComplete = true

    /// Whether time alone can change its value: it reads `now`, a window or a `maxAge`.
    public var readsTime: Bool { readsClock || !windows.isEmpty }

    /// Nothing read.
    public init() {}

    /// What `code` reads, its operands resolved against `bundle`'s tables.
    public init(_ code: [Instruction], in bundle: TipsBundle) {
        var p = Unique<Int>(), e = Unique<Int>(), q = Unique<Int>(), ce = Unique<Int>(), c = Unique<Int>(), s = Unique<Int>()
        var w = Unique<Int64>(), i = Unique<Int64>(), ip = Unique<Int>(), d = Unique<Int64>()
        func event(_ index: Int) {
            guard bundle.events.indices.contains(index) else { return }
            e.insert(index)
            if let age = bundle.events[index].maxAge { w.insert(age) }
        }
        func note(_ role: OperandRole, _ operand: Int, pushed: Bool) {
            switch role {
            case .parameter:
                guard bundle.params.indices.contains(operand) else { return }
                p.insert(operand)
                if pushed, bundle.params[operand].type.kind == .date { ip.insert(operand) }
            case .event:
                guard bundle.events.indices.contains(operand) else { return }
                ce.insert(operand)
                event(operand)
            case .query:
                guard bundle.queries.indices.contains(operand) else { return }
                q.insert(operand)
                let query = bundle.queries[operand]
                event(Int(query.event))
                if let window = query.window { w.insert(window) }
            case .constant:
                guard bundle.constants.indices.contains(operand) else { return }
                c.insert(operand)
                let k = bundle.constants[operand]
                guard pushed, !k.isNil else { return }
                if k.type.kind == .date { i.insert(Int64(bitPattern: k.bits)) }
                if k.type.kind == .duration { d.insert(Int64(bitPattern: k.bits)) }
            case .string:
                if bundle.strings.indices.contains(operand) { s.insert(operand) }
            case .bool, .int, .jump, .depth, .relation, .count:
                break
            }
        }
        for ins in code {
            guard let op = ins.opcode else {
                isComplete = false
                continue
            }
            let roles = op.roles
            if roles.readsClock { readsClock = true }
            if let role = roles.first { note(role, ins.firstOperand(roles.format), pushed: roles.pushesOperand) }
            if let role = roles.second { note(role, ins.k, pushed: roles.pushesOperand) }
        }
        parameters = p.list; events = e.list; queries = q.list; countedEvents = ce.list; constants = c.list; strings = s.list
        windows = w.list; instants = i.list; instantParameters = ip.list; durations = d.list
        if !bundle.argumentBindings.isEmpty, !constants.isEmpty {
            let read = Set(constants)
            arguments = bundle.argumentBindings.indices.filter { read.contains(Int(bundle.argumentBindings[$0].constant)) }
        }
    }
}

extension Program {
    /// What the program reads, its operands resolved against `bundle`'s tables.
    public func reads(in bundle: TipsBundle) -> ProgramReads { ProgramReads(code, in: bundle) }
}

/// A list of distinct values in insertion order. Short lists (nearly every program's)
/// check membership by scanning; a set takes over past `scanLimit`, so a long program of
/// distinct operands stays linear.
private struct Unique<Value: Hashable> {
    var list: [Value] = []
    private var seen: Set<Value>? = nil
    private static var scanLimit: Int { 16 }

    mutating func insert(_ v: Value) {
        if seen == nil {
            if list.contains(v) { return }
            list.append(v)
            if list.count > Self.scanLimit { seen = Set(list) }
        } else if seen!.insert(v).inserted {
            list.append(v)
        }
    }
}
