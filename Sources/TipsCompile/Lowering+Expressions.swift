import TipsBytecode
import TipsCheck

/// Expressions to stack code: operands left to right, then the operation. Every
/// instruction is mapped to the start of the node it implements.
extension Lowering {
    /// Lowers `expr` followed by `ret` into a new program; returns its index.
    mutating func lowerProgram(_ expr: CheckedExpr, resultType: TipsBytecode.ValueType) -> UInt32 {
        var p = ProgramBuilder()
        lower(expr, into: &p)
        p.location = location(expr.range)
        p.emit(.ret)
        return addProgram(p, resultType: resultType)
    }

    mutating func lower(_ e: CheckedExpr, into p: inout ProgramBuilder) {
        let here = location(e.range)
        if options.fuse, lowerFused(e, at: here, into: &p) { return }
        switch e.kind {
        case .constant(let c):
            p.location = here
            builder.emitPush(constant(c, type: e.type), into: &p)
        case .parameter(let i):
            p.location = here
            p.emit(.loadParam, bx: i)
        case .now:
            p.location = here
            p.emit(.now)
        case .calendar(let field):
            p.location = here
            p.emit(.localTime, a: Int(Lowering.calendarField(field).rawValue))
        case .lifetime(let instant):
            p.location = here
            p.emit(.lifetime, a: Int((instant == .installed ? LifetimeInstant.installed : .appUpdated).rawValue))
        case .platformIn(let names):
            p.location = here
            p.emit(.platformIn, a: Int(Lowering.platformMask(names)))
        case .argument(let i):
            p.location = here
            p.emit(.pushConst, bx: Int(argumentConstant(i)))
        case .not(let x):
            lower(x, into: &p)
            p.location = here
            p.emit(.not)
        case .negate(let kind, let x):
            lower(x, into: &p)
            p.location = here
            p.emit(kind == .double ? .negDouble : .negInt)
        case .intToDouble(let x):
            lower(x, into: &p)
            p.location = here
            p.emit(.intToDouble, a: 0)
        case .and(let l, let r), .or(let l, let r):
            lower(l, into: &p)
            p.location = here
            if case .and = e.kind {
                let skip = p.emitJump(.jumpIfFalseOrPop)
                lower(r, into: &p)
                p.patch(skip)
            } else {
                let skip = p.emitJump(.jumpIfTrueOrPop)
                lower(r, into: &p)
                p.patch(skip)
            }
        case .arithmetic(let op, let l, let r):
            lower(l, into: &p)
            lower(r, into: &p)
            p.location = here
            p.emit(Lowering.opcode(op))
        case .compare(let op, let domain, let l, let r):
            lowerOperand(l, domain: domain, into: &p)
            lowerOperand(r, domain: domain, into: &p)
            p.location = here
            emitComparison(op, domain, into: &p)
        case .coalesce(let l, let r):
            // Both sides are evaluated: expressions have no effects, so this is `??`.
            lower(l, into: &p)
            lower(r, into: &p)
            p.location = here
            p.emit(.coalesce)
        case .builtin(let b, let args):
            for a in args { lower(a, into: &p) }
            p.location = here
            p.emit(Lowering.opcode(b))
        case .query(let q):
            p.location = here
            lowerQuery(q, into: &p)
        }
    }

    /// A comparison operand; a nil constant gets the domain's type so both sides agree.
    mutating func lowerOperand(_ e: CheckedExpr, domain: ComparisonDomain, into p: inout ProgramBuilder) {
        if e.constantValue == ConstantValue.none {
            p.location = location(e.range)
            builder.emitPush(.nil(bytecodeType(domain)), into: &p)
        } else {
            lower(e, into: &p)
        }
    }

    /// The comparison instruction for `op` on `domain` (operands already pushed).
    func emitComparison(_ op: ComparisonOperator, _ domain: ComparisonDomain, into p: inout ProgramBuilder) {
        switch domain {
        case .string:
            p.emit(.compareString, a: Int(Lowering.relation(op).rawValue))
        case .double:
            let ops: [ComparisonOperator: Opcode] = [.equal: .eqDouble, .notEqual: .neDouble, .less: .ltDouble,
                                                     .lessEqual: .leDouble, .greater: .gtDouble, .greaterEqual: .geDouble]
            p.emit(ops[op] ?? .eqDouble)
        case .bool, .enumeration, .int, .duration, .date:
            let ops: [ComparisonOperator: Opcode] = [.equal: .eq, .notEqual: .ne, .less: .lt,
                                                     .lessEqual: .le, .greater: .gt, .greaterEqual: .ge]
            p.emit(ops[op] ?? .eq)
        }
    }

    static func relation(_ op: ComparisonOperator) -> Relation {
        switch op {
        case .equal: .eq
        case .notEqual: .ne
        case .less: .lt
        case .lessEqual: .le
        case .greater: .gt
        case .greaterEqual: .ge
        }
    }

    static func opcode(_ op: ArithmeticOperator) -> Opcode {
        switch op {
        case .addInt, .addDurations, .addDurationToDate: .addInt
        case .subtractInt, .subtractDurations, .subtractDurationFromDate, .subtractDates: .subInt
        case .multiplyInt, .multiplyDurationByInt: .mulInt
        case .divideInt, .divideDurationByInt: .divInt
        case .remainderInt: .remInt
        case .addDouble: .addDouble
        case .subtractDouble: .subDouble
        case .multiplyDouble: .mulDouble
        case .divideDouble: .divDouble
        case .remainderDouble: .remDouble
        }
    }

    static func opcode(_ b: Builtin) -> Opcode {
        switch b {
        case .stringHasPrefix: .hasPrefix
        case .stringHasSuffix: .hasSuffix
        case .stringContains: .containsString
        case .stringIsEmpty: .isEmptyString
        case .stringCount: .countString
        case .setContains: .setContains
        case .setCount: .setCount
        case .setIsEmpty: .setIsEmpty
        case .minInt, .minDuration, .minDate: .minInt
        case .maxInt, .maxDuration, .maxDate: .maxInt
        case .minDouble: .minDouble
        case .maxDouble: .maxDouble
        }
    }
}
