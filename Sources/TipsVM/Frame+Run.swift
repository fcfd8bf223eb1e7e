import TipsBytecode

/// The dispatch loop. Verified code only: no opcode, operand, index, type or stack check
/// happens here (the verifier proved them), and all arithmetic is wrapping.
extension Frame {
    func run(from start: Int) -> Slot {
        let st = stack
        var pc = start
        var sp = 0  // next free stack slot
        while true {
            let w = code[pc]
            pc &+= 1
            // Raw values are dense and in declaration order (OpcodeTests), and the verifier
            // rejected unknown bytes, so the byte is the enum's own representation.
            switch unsafeBitCast(UInt8(truncatingIfNeeded: w), to: Opcode.self) {
            case .ret:
                var r = st[sp &- 1]
                if r.isNil { r.bits = 0 }
                return r
            case .pushBool:
                st[sp] = Slot(bits: UInt64((w >> 8) & 0xFF)); sp &+= 1
            case .pushInt:
                st[sp] = Slot(bits: UInt64(bitPattern: Int64(Int32(bitPattern: w) >> 8))); sp &+= 1
            case .pushConst:
                st[sp] = constants[Int(w >> 8)]; sp &+= 1
            case .pushString:
                st[sp] = Slot(bits: UInt64(w >> 8)); sp &+= 1
            case .loadParam:
                st[sp] = params[Int(w >> 8)]; sp &+= 1
            case .now:
                st[sp] = Slot(bits: UInt64(bitPattern: now)); sp &+= 1
            case .jump:
                pc &+= Int(Int32(bitPattern: w) >> 8)
            case .jumpIfFalseOrPop:
                if st[sp &- 1].bits == 0 { pc &+= Int(Int32(bitPattern: w) >> 8) } else { sp &-= 1 }
            case .jumpIfTrueOrPop:
                if st[sp &- 1].bits != 0 { pc &+= Int(Int32(bitPattern: w) >> 8) } else { sp &-= 1 }
            case .not:
                st[sp &- 1].bits ^= 1
            case .isNil:
                st[sp &- 1] = Slot(bits: st[sp &- 1].isNil ? 1 : 0)
            case .coalesce:
                sp &-= 1
                if st[sp &- 1].isNil { st[sp &- 1] = st[sp] }
            case .addInt: sp = int2(sp) { $0 &+ $1 }
            case .subInt: sp = int2(sp) { $0 &- $1 }
            case .mulInt: sp = int2(sp) { $0 &* $1 }
            case .divInt: sp = int2(sp) { $1 == 0 ? 0 : $0.dividedReportingOverflow(by: $1).partialValue }
            case .remInt: sp = int2(sp) { $1 == 0 ? 0 : $0.remainderReportingOverflow(dividingBy: $1).partialValue }
            case .negInt:
                st[sp &- 1].bits = 0 &- st[sp &- 1].bits
            case .minInt: sp = int2(sp) { $1 < $0 ? $1 : $0 }
            case .maxInt: sp = int2(sp) { $1 > $0 ? $1 : $0 }
            case .addDouble: sp = double2(sp) { $0 + $1 }
            case .subDouble: sp = double2(sp) { $0 - $1 }
            case .mulDouble: sp = double2(sp) { $0 * $1 }
            case .divDouble: sp = double2(sp) { $1 == 0 ? 0 : $0 / $1 }
            case .remDouble: sp = double2(sp) { $1 == 0 ? 0 : $0.truncatingRemainder(dividingBy: $1) }
            case .negDouble:
                st[sp &- 1].bits ^= 1 << 63
            case .minDouble: sp = double2(sp) { $1 < $0 ? $1 : $0 }
            case .maxDouble: sp = double2(sp) { $1 > $0 ? $1 : $0 }
            case .intToDouble:
                let i = sp &- 1 &- Int((w >> 8) & 0xFF)
                st[i].bits = Double(st[i].intValue).bitPattern
            case .eq:
                sp &-= 1; st[sp &- 1] = Slot.bool(Frame.equal(st[sp &- 1], st[sp]))
            case .ne:
                sp &-= 1; st[sp &- 1] = Slot.bool(!Frame.equal(st[sp &- 1], st[sp]))
            case .lt: sp = order(sp) { $0.intValue < $1.intValue }
            case .le: sp = order(sp) { $0.intValue <= $1.intValue }
            case .gt: sp = order(sp) { $0.intValue > $1.intValue }
            case .ge: sp = order(sp) { $0.intValue >= $1.intValue }
            case .eqDouble:
                sp &-= 1; st[sp &- 1] = Slot.bool(Frame.equalDouble(st[sp &- 1], st[sp]))
            case .neDouble:
                sp &-= 1; st[sp &- 1] = Slot.bool(Frame.notEqualDouble(st[sp &- 1], st[sp]))
            case .ltDouble: sp = order(sp) { $0.doubleValue < $1.doubleValue }
            case .leDouble: sp = order(sp) { $0.doubleValue <= $1.doubleValue }
            case .gtDouble: sp = order(sp) { $0.doubleValue > $1.doubleValue }
            case .geDouble: sp = order(sp) { $0.doubleValue >= $1.doubleValue }
            case .compareString:
                sp &-= 1
                st[sp &- 1] = Slot.bool(compareStrings(st[sp &- 1], st[sp], relation: UInt8((w >> 8) & 0xFF)))
            case .hasPrefix:
                sp &-= 1; st[sp &- 1] = Slot.bool(hasPrefix(st[sp &- 1].bits, st[sp].bits))
            case .hasSuffix:
                sp &-= 1; st[sp &- 1] = Slot.bool(hasSuffix(st[sp &- 1].bits, st[sp].bits))
            case .containsString:
                sp &-= 1; st[sp &- 1] = Slot.bool(containsString(st[sp &- 1].bits, st[sp].bits))
            case .isEmptyString:
                let s = Int(st[sp &- 1].bits)
                st[sp &- 1] = Slot.bool(stringStarts[s] == stringStarts[s &+ 1])
            case .countString:
                st[sp &- 1] = Slot.int(Int64(scalarCount(st[sp &- 1].bits)))
            case .setContains:
                sp &-= 1; st[sp &- 1] = Slot.bool(setContains(st[sp &- 1].bits, st[sp].bits))
            case .setCount:
                let s = Int(st[sp &- 1].bits)
                st[sp &- 1] = Slot.int(Int64(setStarts[s &+ 1] &- setStarts[s]))
            case .setIsEmpty:
                let s = Int(st[sp &- 1].bits)
                st[sp &- 1] = Slot.bool(setStarts[s &+ 1] == setStarts[s])
            case .countEvent:
                let r = visible(event: Int(w >> 8))
                st[sp] = Slot.int(Int64(r.upperBound &- r.lowerBound)); sp &+= 1
            case .countWithin:
                let r = range(of: Int(w >> 8))
                st[sp] = Slot.int(Int64(r.upperBound &- r.lowerBound)); sp &+= 1
            case .countWhere:
                st[sp] = Slot.int(Int64(countMatches(Int(w >> 8), stopAt: Int.max))); sp &+= 1
            case .largestGroup:
                st[sp] = Slot.int(Int64(groupSize(Int(w >> 8), largest: true))); sp &+= 1
            case .smallestGroup:
                st[sp] = Slot.int(Int64(groupSize(Int(w >> 8), largest: false))); sp &+= 1
            case .firstTime:
                st[sp] = firstOrLast(Int(w >> 8), last: false); sp &+= 1
            case .lastTime:
                st[sp] = firstOrLast(Int(w >> 8), last: true); sp &+= 1
            case .countAtLeast:
                st[sp] = Slot.bool(atLeast(Int(w >> 16), Int((w >> 8) & 0xFF))); sp &+= 1
            case .paramEqConst:
                st[sp] = Slot.bool(Frame.equal(params[Int(w >> 16)], constants[Int((w >> 8) & 0xFF)])); sp &+= 1
            case .platformIn:
                st[sp] = Slot(bits: (w >> 8) & platformBit != 0 ? 1 : 0); sp &+= 1
            case .localTime:
                // The verifier proved A is a `CalendarField`.
                let field = unsafeBitCast(UInt8(truncatingIfNeeded: w >> 8), to: CalendarField.self)
                st[sp] = Slot.int(field.value(local: localNow)); sp &+= 1
            case .lifetime:
                st[sp] = (w >> 8) & 0xFF == UInt32(LifetimeInstant.installed.rawValue) ? installed : appUpdated; sp &+= 1
            case .countDays:
                st[sp] = Slot.int(Int64(distinctDays(Int(w >> 8)))); sp &+= 1
            }
        }
    }

    /// Applies a binary Int-family operation; nil if either operand is nil.
    @inline(__always)
    private func int2(_ sp: Int, _ f: (Int64, Int64) -> Int64) -> Int {
        let a = stack[sp &- 2], b = stack[sp &- 1]
        stack[sp &- 2] = Slot(bits: UInt64(bitPattern: f(a.intValue, b.intValue)), isNil: a.isNil || b.isNil)
        return sp &- 1
    }

    /// Applies a binary Double operation; nil if either operand is nil.
    @inline(__always)
    private func double2(_ sp: Int, _ f: (Double, Double) -> Double) -> Int {
        let a = stack[sp &- 2], b = stack[sp &- 1]
        stack[sp &- 2] = Slot(bits: f(a.doubleValue, b.doubleValue).bitPattern, isNil: a.isNil || b.isNil)
        return sp &- 1
    }

    /// Applies an ordering comparison; false if either operand is nil.
    @inline(__always)
    private func order(_ sp: Int, _ f: (Slot, Slot) -> Bool) -> Int {
        let a = stack[sp &- 2], b = stack[sp &- 1]
        stack[sp &- 2] = Slot.bool(!a.isNil && !b.isNil && f(a, b))
        return sp &- 1
    }

    /// Swift `==` on optionals of a 64-bit payload type (strings are interned ids).
    @inline(__always)
    static func equal(_ a: Slot, _ b: Slot) -> Bool {
        if a.isNil || b.isNil { return a.isNil && b.isNil }
        return a.bits == b.bits
    }

    /// `==` on Double?: nil rules first (nil == nil), then IEEE (NaN equals nothing, 0 == -0).
    @inline(__always)
    static func equalDouble(_ a: Slot, _ b: Slot) -> Bool {
        if a.isNil || b.isNil { return a.isNil && b.isNil }
        return a.doubleValue == b.doubleValue
    }

    /// `!=` on Double?: nil rules first (nil != 5), then false whenever NaN is involved —
    /// the design notes' "a comparison involving NaN is false", `!=` included.
    @inline(__always)
    static func notEqualDouble(_ a: Slot, _ b: Slot) -> Bool {
        if a.isNil || b.isNil { return !(a.isNil && b.isNil) }
        let x = a.doubleValue, y = b.doubleValue
        return !x.isNaN && !y.isNaN && x != y
    }
}
