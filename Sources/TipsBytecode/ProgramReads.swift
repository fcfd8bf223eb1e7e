/// What one program reads, found from its operands' roles (`Opcode.roles`): the single
/// answer the runtime's dependency index, explanations and wake-up footprints and the VM's
/// time inputs share, so none of them switches over opcodes.
///
/// `visit` walks a program once and reports each input (`ProgramRead`) as it comes; a
/// `ProgramReads` value collects them. The dependency index and footprints, which read
/// every rule at open, visit into their own sets; explanations and time inputs take the
/// value. Every list is in first-read order with each entry once. Operands out of the
/// bundle's range are left out (a verified bundle has none); an unknown opcode byte makes
/// the reads incomplete (`isComplete`).
public struct ProgramReads: Hashable, Sendable {
    /// Parameter slots it reads, loaded or compared (`loadParam`, `paramEqConst`).
    public var parameters: [Int] = []
    /// Events whose donations it reads: counted whole or through one of its queries.
    public var events: [Int] = []
    /// Event queries it reads.
    public var queries: [Int] = []
    /// Events it counts whole, without a query (`countEvent`).
    public var countedEvents: [Int] = []
    /// Constant-pool entries it reads, pushed or compared.
    public var constants: [Int] = []
    /// Reusable tips' arguments it reads: indices, ascending, into the bundle's
    /// `argumentBindings` whose constant it reads.
    public var arguments: [Int] = []

    // Time inputs: what time alone can change its value through.

    /// Whether it reads the evaluation instant `now` itself.
    public var readsClock = false
    /// Whether it tests the platform the app runs on (`platformIn`).
    public var readsPlatform = false
    /// Whether it reads the device's time zone (local calendar fields, distinct local days).
    public var readsZone = false
    /// The instants of the app's history it pushes (`LifetimeInstant` raw values), which
    /// may meet `now`.
    public var lifetimes: [Int] = []
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
    public init(_ code: borrowing [Instruction], in bundle: borrowing TipsBundle) {
        var p = Unique<Int>(), e = Unique<Int>(), q = Unique<Int>(), ce = Unique<Int>(), c = Unique<Int>()
        var w = Unique<Int64>(), i = Unique<Int64>(), ip = Unique<Int>(), d = Unique<Int64>()
        var clock = false, platform = false, zone = false, complete = true
        var l = Unique<Int>()
        Self.visit(code, in: bundle) { read in
            switch read {
            case .parameter(let v): p.insert(v)
            case .instantParameter(let v): ip.insert(v)
            case .event(let v): e.insert(v)
            case .countedEvent(let v): ce.insert(v)
            case .query(let v): q.insert(v)
            case .window(let v): w.insert(v)
            case .constant(let v): c.insert(v)
            case .instant(let v): i.insert(v)
            case .duration(let v): d.insert(v)
            case .clock: clock = true
            case .platform: platform = true
            case .zone: zone = true
            case .lifetime(let v): l.insert(v)
            case .unknownOpcode: complete = false
            }
        }
        parameters = p.list; events = e.list; queries = q.list; countedEvents = ce.list; constants = c.list
        windows = w.list; instants = i.list; instantParameters = ip.list; durations = d.list
        readsClock = clock
        readsPlatform = platform
        readsZone = zone
        lifetimes = l.list
        isComplete = complete
        if !bundle.argumentBindings.isEmpty, !constants.isEmpty {
            let read = Set(constants)
            arguments = bundle.argumentBindings.indices.filter { read.contains(Int(bundle.argumentBindings[$0].constant)) }
        }
    }

    /// Reports to `body` each input `code` reads, in instruction order (an input read
    /// twice is reported twice), its operands resolved against `bundle`'s tables. Allocates
    /// nothing: this is what reading every rule at open costs.
    public static func visit(_ code: borrowing [Instruction], in bundle: borrowing TipsBundle,
                             _ body: (ProgramRead) -> Void) {
        // Walked by index, the code and bundle borrowed: no copy of either.
        for pc in code.indices {
            let ins = code[pc]
            guard let op = ins.opcode else {
                body(.unknownOpcode)
                continue
            }
            let roles = op.roles
            if roles.readsClock { body(.clock) }
            if roles.readsZone { body(.zone) }
            guard let first = roles.first else { continue }
            visit(first, ins.firstOperand(roles.format), pushed: roles.pushesOperand, bundle, body)
            if let second = roles.second { visit(second, ins.k, pushed: roles.pushesOperand, bundle, body) }
        }
    }

    /// Reports what an operand of `role` names.
    private static func visit(_ role: OperandRole, _ operand: Int, pushed: Bool, _ bundle: TipsBundle,
                              _ body: (ProgramRead) -> Void) {
        switch role {
        case .parameter:
            guard bundle.params.indices.contains(operand) else { return }
            body(.parameter(operand))
            if pushed, bundle.params[operand].type.kind == .date { body(.instantParameter(operand)) }
        case .event:
            guard bundle.events.indices.contains(operand) else { return }
            body(.countedEvent(operand))
            event(operand, bundle, body)
        case .query:
            guard bundle.queries.indices.contains(operand) else { return }
            body(.query(operand))
            let query = bundle.queries[operand]
            if bundle.events.indices.contains(Int(query.event)) { event(Int(query.event), bundle, body) }
            if let window = query.window { body(.window(window)) }
        case .constant:
            guard bundle.constants.indices.contains(operand) else { return }
            body(.constant(operand))
            let k = bundle.constants[operand]
            guard pushed, !k.isNil else { return }
            if k.type.kind == .date { body(.instant(Int64(bitPattern: k.bits))) }
            if k.type.kind == .duration { body(.duration(Int64(bitPattern: k.bits))) }
        case .platforms:
            body(.platform)
        case .lifetime:
            body(.lifetime(operand))
        case .calendarField:
            // The field read: the clock and the zone are reported from the roles.
            break
        case .bool, .int, .string, .jump, .depth, .relation, .count:
            // Literals and code positions: nothing the state or the clock changes.
            break
        }
    }

    private static func event(_ e: Int, _ bundle: TipsBundle, _ body: (ProgramRead) -> Void) {
        body(.event(e))
        if let age = bundle.events[e].maxAge { body(.window(age)) }
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
