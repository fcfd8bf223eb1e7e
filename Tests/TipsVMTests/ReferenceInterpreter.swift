import Foundation
import TipsBytecode
import TipsVM

/// A slow, obviously-correct interpreter of verified programs in checked Swift (arrays,
/// dictionaries, linear scans), to compare the VM against on random programs.
struct ReferenceInterpreter {
    let bundle: TipsBundle
    let state: RuleState

    func string(_ id: UInt64) -> [UInt8] { Array((state.strings.string(UInt32(id)) ?? "").utf8) }

    func compare(_ a: [UInt8], _ b: [UInt8]) -> Int { a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1) }

    /// Instants and rows of `event` a query can see, oldest first.
    func visible(_ event: Int) -> [(t: Int64, row: Int)] {
        let times = Array(state.donations.timestamps(of: event))
        let schema = bundle.events[event]
        var rows = Array(times.enumerated().map { (t: $0.element, row: $0.offset) }.suffix(Int(schema.limit)))
        if let age = schema.maxAge { rows = rows.filter { $0.t >= state.now &- age || state.now &- age > state.now } }
        return rows
    }

    /// The zone's offset at `t` by a linear walk over its transitions.
    func offset(_ t: Int64) -> Int64 {
        var i = 0
        while i < state.zone.transitions.count && state.zone.transitions[i] <= t { i += 1 }
        return state.zone.offsets[i]
    }

    /// The local date of `t`: Foundation's Gregorian calendar in UTC, at `t` shifted by the offset.
    func civil(_ t: Int64) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let local = t + offset(t)
        let seconds = local >= 0 ? local / 1000 : (local - 999) / 1000
        return calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    func matches(_ q: Query, _ row: Int) -> Bool {
        guard q.filter != noIndex else { return true }
        let fields = bundle.events[Int(q.event)].fields
        for term in bundle.filters[Int(q.filter)].terms {
            let v = state.donations.field(Int(term.field), row: row, of: Int(q.event))
            if v.isNil { return false }
            if term.relation == .isTrue { if v.bits == 0 { return false }; continue }
            if term.relation == .isFalse { if v.bits != 0 { return false }; continue }
            let c = bundle.constants[Int(term.constant)]
            let order: Int
            switch fields[Int(term.field)].type.kind {
            case .double,
                 .int where c.type.kind == .double:
                let x = fields[Int(term.field)].type.kind == .double ? v.doubleValue : Double(v.intValue)
                let y = Double(bitPattern: c.bits)
                if x.isNaN || y.isNaN { return false }
                order = x < y ? -1 : (x == y ? 0 : 1)
            case .string: order = compare(string(v.bits), string(c.bits))
            default: order = v.intValue < Int64(bitPattern: c.bits) ? -1 : (v.bits == c.bits ? 0 : 1)
            }
            let ok: Bool
            switch term.relation {
            case .eq: ok = order == 0
            case .ne: ok = order != 0
            case .lt: ok = order < 0
            case .le: ok = order <= 0
            case .gt: ok = order > 0
            default: ok = order >= 0
            }
            if !ok { return false }
        }
        return true
    }

    func selected(_ q: Query) -> [(t: Int64, row: Int)] {
        visible(Int(q.event)).filter { d in
            if let w = q.window {
                let (lo, overflow) = state.now.subtractingReportingOverflow(w)
                if d.t > state.now || (!overflow && d.t < lo) { return false }
            }
            return matches(q, d.row)
        }
    }

    func eq(_ a: Slot, _ b: Slot) -> Bool { a.isNil || b.isNil ? a.isNil == b.isNil : a.bits == b.bits }

    func run(_ p: Program) -> Slot {
        var stack: [Slot] = []
        var pc = 0
        func pop() -> Slot { stack.removeLast() }
        func push(_ s: Slot) { stack.append(s) }
        func int2(_ f: (Int64, Int64) -> Int64) { let b = pop(), a = pop(); push(Slot(bits: UInt64(bitPattern: f(a.intValue, b.intValue)), isNil: a.isNil || b.isNil)) }
        func dbl2(_ f: (Double, Double) -> Double) { let b = pop(), a = pop(); push(Slot(bits: f(a.doubleValue, b.doubleValue).bitPattern, isNil: a.isNil || b.isNil)) }
        func ord(_ f: (Slot, Slot) -> Bool) { let b = pop(), a = pop(); push(.bool(!a.isNil && !b.isNil && f(a, b))) }
        while true {
            let ins = p.code[pc]
            pc += 1
            switch ins.opcode! {
            case .ret: var r = pop(); if r.isNil { r.bits = 0 }; return r
            case .pushBool: push(.bool(ins.a == 1))
            case .pushInt: push(.int(Int64(ins.sBx)))
            case .pushConst: push(Slot(bundle.constants[ins.bx]))
            case .pushString: push(.string(UInt32(ins.bx)))
            case .loadParam: push(state.params[ins.bx])
            case .now: push(.date(ms: state.now))
            case .platformIn: push(.bool(ins.a & (1 << Int(state.platform.rawValue)) != 0))
            case .jump: pc += ins.sBx
            case .jumpIfFalseOrPop: if stack.last!.bits == 0 { pc += ins.sBx } else { _ = pop() }
            case .jumpIfTrueOrPop: if stack.last!.bits != 0 { pc += ins.sBx } else { _ = pop() }
            case .not: push(.bool(pop().bits == 0))
            case .isNil: push(.bool(pop().isNil))
            case .coalesce: let b = pop(), a = pop(); push(a.isNil ? b : a)
            case .addInt: int2 { $0 &+ $1 }
            case .subInt: int2 { $0 &- $1 }
            case .mulInt: int2 { $0 &* $1 }
            case .divInt: int2 { $1 == 0 ? 0 : ($0 == .min && $1 == -1 ? .min : $0 / $1) }
            case .remInt: int2 { $1 == 0 || $1 == -1 ? 0 : $0 % $1 }
            case .negInt: let a = pop(); push(Slot(bits: UInt64(bitPattern: 0 &- a.intValue), isNil: a.isNil))
            case .minInt: int2 { min($0, $1) }
            case .maxInt: int2 { $1 > $0 ? $1 : $0 }
            case .addDouble: dbl2 { $0 + $1 }
            case .subDouble: dbl2 { $0 - $1 }
            case .mulDouble: dbl2 { $0 * $1 }
            case .divDouble: dbl2 { $1 == 0 ? 0 : $0 / $1 }
            case .remDouble: dbl2 { $1 == 0 ? 0 : $0.truncatingRemainder(dividingBy: $1) }
            case .negDouble: let a = pop(); push(Slot(bits: (-a.doubleValue).bitPattern, isNil: a.isNil))
            case .minDouble: dbl2 { $1 < $0 ? $1 : $0 }
            case .maxDouble: dbl2 { $1 > $0 ? $1 : $0 }
            case .intToDouble:
                let i = stack.count - 1 - ins.a
                stack[i].bits = Double(stack[i].intValue).bitPattern
            case .eq: let b = pop(), a = pop(); push(.bool(eq(a, b)))
            case .ne: let b = pop(), a = pop(); push(.bool(!eq(a, b)))
            case .lt: ord { $0.intValue < $1.intValue }
            case .le: ord { $0.intValue <= $1.intValue }
            case .gt: ord { $0.intValue > $1.intValue }
            case .ge: ord { $0.intValue >= $1.intValue }
            case .eqDouble: let b = pop(), a = pop(); push(.bool(a.isNil || b.isNil ? a.isNil == b.isNil : a.doubleValue == b.doubleValue))
            case .neDouble:
                let b = pop(), a = pop()
                push(.bool(a.isNil || b.isNil ? a.isNil != b.isNil : !a.doubleValue.isNaN && !b.doubleValue.isNaN && a.doubleValue != b.doubleValue))
            case .ltDouble: ord { $0.doubleValue < $1.doubleValue }
            case .leDouble: ord { $0.doubleValue <= $1.doubleValue }
            case .gtDouble: ord { $0.doubleValue > $1.doubleValue }
            case .geDouble: ord { $0.doubleValue >= $1.doubleValue }
            case .compareString:
                let b = pop(), a = pop()
                if a.isNil || b.isNil {
                    push(.bool(ins.a == 0 ? a.isNil == b.isNil : ins.a == 1 ? a.isNil != b.isNil : false))
                } else {
                    let o = compare(string(a.bits), string(b.bits))
                    push(.bool([o == 0, o != 0, o < 0, o <= 0, o > 0, o >= 0][ins.a]))
                }
            case .hasPrefix: let x = pop(), s = pop(); push(.bool(string(s.bits).starts(with: string(x.bits))))
            case .hasSuffix: let x = pop(), s = pop(); push(.bool(string(s.bits).reversed().starts(with: string(x.bits).reversed())))
            case .containsString:
                let x = string(pop().bits), s = string(pop().bits)
                push(.bool(x.isEmpty || (x.count <= s.count && (0...(s.count - x.count)).contains { Array(s[$0..<($0 + x.count)]) == x })))
            case .isEmptyString: push(.bool(string(pop().bits).isEmpty))
            case .countString: push(.int(Int64((state.strings.string(UInt32(pop().bits)) ?? "").unicodeScalars.count)))
            case .setContains: let x = pop(), s = pop(); push(.bool(state.sets.members(of: UInt32(s.bits)).contains(UInt32(x.bits))))
            case .setCount: push(.int(Int64(state.sets.members(of: UInt32(pop().bits)).count)))
            case .setIsEmpty: push(.bool(state.sets.members(of: UInt32(pop().bits)).isEmpty))
            case .countEvent: push(.int(Int64(visible(ins.bx).count)))
            case .countWithin, .countWhere: push(.int(Int64(selected(bundle.queries[ins.bx]).count)))
            case .largestGroup, .smallestGroup:
                let q = bundle.queries[ins.bx]
                var groups: [UInt64: Int] = [:]
                let isDouble = bundle.events[Int(q.event)].fields[Int(q.groupField)].type.kind == .double
                for d in selected(q) {
                    let v = state.donations.field(Int(q.groupField), row: d.row, of: Int(q.event))
                    if v.isNil { continue }
                    var key = v.bits
                    if isDouble { key = v.doubleValue.isNaN ? Double.nan.bitPattern : (v.doubleValue == 0 ? 0 : v.bits) }
                    groups[key, default: 0] += 1
                }
                push(.int(Int64((ins.opcode == .largestGroup ? groups.values.max() : groups.values.min()) ?? 0)))
            case .firstTime, .lastTime:
                let s = selected(bundle.queries[ins.bx])
                let d = ins.opcode == .firstTime ? s.first : s.last
                push(d.map { .date(ms: $0.t) } ?? .nil)
            case .countAtLeast: push(.bool(selected(bundle.queries[ins.k]).count >= ins.a))
            case .paramEqConst: push(.bool(eq(state.params[ins.k], Slot(bundle.constants[ins.a]))))
            case .localTime:
                let c = civil(state.now)
                switch CalendarField(rawValue: UInt8(ins.a))! {
                case .month: push(.int(Int64(c.month!)))
                case .weekday: push(.int(Int64(c.weekday! == 1 ? 7 : c.weekday! - 1)))
                case .timeOfDay:
                    let local = state.now + offset(state.now)
                    push(.duration(ms: ((local % 86_400_000) + 86_400_000) % 86_400_000))
                case .monthDay: push(.int(Int64(c.month! * 100 + c.day!)))
                case .year: push(.int(Int64(c.year!)))
                }
            case .lifetime:
                let t = ins.a == 0 ? state.installedAt : state.appUpdatedAt
                push(t.map { .date(ms: $0) } ?? .nil)
            case .countDays:
                let days = Set(selected(bundle.queries[ins.bx]).map { d -> Int in
                    let c = civil(d.t)
                    return c.year! * 10_000 + c.month! * 100 + c.day!
                })
                push(.int(Int64(days.count)))
            }
        }
    }
}
