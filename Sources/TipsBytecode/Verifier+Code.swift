/// Abstract interpretation of one program over types: a single forward pass, since jumps
/// only go forward. At each join the incoming stacks must agree (same depth and base
/// types; optionality merges), so the VM never needs a runtime type tag.
extension Verifier {
    typealias Kind = ValueType.Kind

    /// The stack of one path through the program, with its depth limit.
    private struct TypeStack {
        var types: [ValueType] = []
        let site: CodeSite

        mutating func pop() throws(BundleError) -> ValueType {
            guard let t = types.popLast() else { throw .stackUnderflow(at: site) }
            return t
        }
        mutating func push(_ t: ValueType) throws(BundleError) {
            guard types.count < Verifier.maxStackDepth else { throw .stackOverflow(at: site) }
            types.append(t)
        }
        /// Pops a value of one of `kinds`; `optional` says whether nil may flow in.
        mutating func pop(_ kinds: [Kind], optional: Bool, _ what: String) throws(BundleError) -> ValueType {
            let t = try pop()
            guard kinds.contains(t.kind), optional || !t.isOptional else {
                throw .typeMismatch(at: site, expected: what, found: t)
            }
            return t
        }
    }

    private static func merge(_ a: [ValueType], _ b: [ValueType], _ site: CodeSite) throws(BundleError) -> [ValueType] {
        guard a.count == b.count else { throw .stackMismatch(at: site) }
        var out = a
        for i in a.indices {
            guard a[i].sameBase(b[i]) else { throw .stackMismatch(at: site) }
            out[i].isOptional = a[i].isOptional || b[i].isOptional
        }
        return out
    }

    func checkProgram(_ p: Int) throws(BundleError) -> ProgramInfo {
        let program = bundle.programs[p]
        let code = program.code
        guard !code.isEmpty, code.count <= Verifier.maxProgramLength else { throw .programTooLarge(program: p) }
        try type(program.resultType, .item(.programs, p))
        guard program.sourceMap.isEmpty || program.sourceMap.count == code.count else { throw .sourceMapMismatch(program: p) }
        for entry in program.sourceMap where entry.file != noIndex {
            try index(entry.file, bundle.files.count, .file, .item(.sourceMap, p))
        }

        var pending: [Int: [ValueType]] = [:]
        var current: [ValueType]? = []
        var maxDepth = 0
        var scans = false
        for pc in code.indices {
            let site = CodeSite(program: p, pc: pc)
            if let incoming = pending.removeValue(forKey: pc) {
                current = try current.map { cur throws(BundleError) in try Verifier.merge(cur, incoming, site) } ?? incoming
            }
            guard let entry = current else { throw .unreachableCode(at: site) }
            let ins = code[pc]
            guard let op = ins.opcode else { throw .unknownOpcode(at: site) }
            guard ins.unusedBitsAreZero else { throw .operandOutOfRange(at: site) }
            var s = TypeStack(types: entry, site: site)
            switch op {
            case .jump, .jumpIfFalseOrPop, .jumpIfTrueOrPop:
                guard ins.sBx >= 0 else { throw .backwardJump(at: site) }
                let target = pc + 1 + ins.sBx
                guard target < code.count else { throw .jumpOutOfBounds(at: site) }
                if op != .jump {
                    let b = try s.pop([.bool], optional: false, "Bool")
                    try s.push(b)
                }
                pending[target] = try pending[target].map { t throws(BundleError) in try Verifier.merge(t, s.types, site) } ?? s.types
                if op != .jump { _ = try s.pop() }
            case .ret:
                let t = try s.pop()
                guard s.types.isEmpty else { throw .unbalancedReturn(at: site) }
                guard program.resultType.accepts(t) else {
                    throw .typeMismatch(at: site, expected: program.resultType.description, found: t)
                }
            default:
                scans = try step(op, ins, &s) || scans
            }
            maxDepth = max(maxDepth, s.types.count)
            current = (op == .ret || op == .jump) ? nil : s.types
        }
        guard current == nil else { throw .missingReturn(program: p) }
        return ProgramInfo(maxStackDepth: maxDepth, instructionBound: code.count, scansDonations: scans)
    }

    /// Applies one non-control instruction's type rule. Returns true when it scans donations.
    private func step(_ op: Opcode, _ ins: Instruction, _ s: inout TypeStack) throws(BundleError) -> Bool {
        let site = s.site
        let at = ErrorSite.instruction(site)
        let intLike: [Kind] = [.int, .date, .duration]
        let equatable: [Kind] = [.bool, .int, .string, .date, .duration, .enumeration]
        switch op {
        case .ret, .jump, .jumpIfFalseOrPop, .jumpIfTrueOrPop: break
        case .pushBool:
            guard ins.a <= 1 else { throw .operandOutOfRange(at: site) }
            try s.push(.bool)
        case .pushInt: try s.push(.int)
        case .pushConst:
            try index(UInt32(ins.bx), bundle.constants.count, .constant, at)
            try s.push(bundle.constants[ins.bx].type)
        case .pushString:
            try index(UInt32(ins.bx), bundle.strings.count, .string, at)
            try s.push(.string)
        case .loadParam:
            try index(UInt32(ins.bx), bundle.params.count, .param, at)
            try s.push(bundle.params[ins.bx].type)
        case .now: try s.push(.date)
        case .not:
            _ = try s.pop([.bool], optional: false, "Bool")
            try s.push(.bool)
        case .isNil:
            _ = try s.pop()
            try s.push(.bool)
        case .coalesce:
            let b = try s.pop()
            let a = try s.pop()
            guard a.sameBase(b) else { throw .typeMismatch(at: site, expected: a.nonOptional.description, found: b) }
            try s.push(b)
        case .addInt, .subInt, .mulInt, .divInt, .remInt, .minInt, .maxInt:
            let b = try s.pop(intLike, optional: true, "Int, Date or Duration")
            let a = try s.pop(intLike, optional: true, "Int, Date or Duration")
            guard let kind = Verifier.intResult(op, a.kind, b.kind) else {
                throw .typeMismatch(at: site, expected: Verifier.intExpectation(op, a.kind), found: b)
            }
            try s.push(ValueType(kind, optional: a.isOptional || b.isOptional))
        case .negInt:
            let a = try s.pop([.int, .duration], optional: true, "Int or Duration")
            try s.push(a)
        case .addDouble, .subDouble, .mulDouble, .divDouble, .remDouble, .minDouble, .maxDouble:
            let b = try s.pop([.double], optional: true, "Double")
            let a = try s.pop([.double], optional: true, "Double")
            try s.push(ValueType(.double, optional: a.isOptional || b.isOptional))
        case .negDouble:
            try s.push(try s.pop([.double], optional: true, "Double"))
        case .intToDouble:
            guard ins.a <= 1 else { throw .operandOutOfRange(at: site) }
            guard s.types.count > ins.a else { throw .stackUnderflow(at: site) }
            let i = s.types.count - 1 - ins.a
            guard s.types[i].kind == .int else { throw .typeMismatch(at: site, expected: "Int", found: s.types[i]) }
            s.types[i] = ValueType(.double, optional: s.types[i].isOptional)
        case .eq, .ne:
            let b = try s.pop(equatable, optional: true, "an equatable non-Double value")
            let a = try s.pop(equatable, optional: true, "an equatable non-Double value")
            guard a.sameBase(b) else { throw .typeMismatch(at: site, expected: a.nonOptional.description, found: b) }
            try s.push(.bool)
        case .lt, .le, .gt, .ge:
            let b = try s.pop(intLike, optional: true, "Int, Date or Duration")
            let a = try s.pop(intLike, optional: true, "Int, Date or Duration")
            guard a.sameBase(b) else { throw .typeMismatch(at: site, expected: a.nonOptional.description, found: b) }
            try s.push(.bool)
        case .eqDouble, .neDouble, .ltDouble, .leDouble, .gtDouble, .geDouble:
            _ = try s.pop([.double], optional: true, "Double")
            _ = try s.pop([.double], optional: true, "Double")
            try s.push(.bool)
        case .compareString:
            guard ins.a <= Int(Relation.ge.rawValue) else { throw .operandOutOfRange(at: site) }
            _ = try s.pop([.string], optional: true, "String")
            _ = try s.pop([.string], optional: true, "String")
            try s.push(.bool)
        case .hasPrefix, .hasSuffix, .containsString:
            _ = try s.pop([.string], optional: false, "String")
            _ = try s.pop([.string], optional: false, "String")
            try s.push(.bool)
        case .isEmptyString, .countString:
            _ = try s.pop([.string], optional: false, "String")
            try s.push(op == .countString ? .int : .bool)
        case .setContains:
            _ = try s.pop([.string], optional: false, "String")
            _ = try s.pop([.stringSet], optional: false, "Set<String>")
            try s.push(.bool)
        case .setCount, .setIsEmpty:
            _ = try s.pop([.stringSet], optional: false, "Set<String>")
            try s.push(op == .setCount ? .int : .bool)
        case .countEvent:
            try index(UInt32(ins.bx), bundle.events.count, .event, at)
            try s.push(.int)
        case .countWithin, .countWhere, .largestGroup, .smallestGroup, .firstTime, .lastTime:
            try index(UInt32(ins.bx), bundle.queries.count, .query, at)
            let q = bundle.queries[ins.bx]
            let fits: Bool
            switch op {
            case .countWithin: fits = q.window != nil && q.filter == noIndex && q.groupField == noIndex
            case .countWhere: fits = q.filter != noIndex && q.groupField == noIndex
            case .largestGroup, .smallestGroup: fits = q.groupField != noIndex
            default: fits = q.groupField == noIndex
            }
            guard fits else { throw .queryShapeMismatch(at: site) }
            try s.push(op == .firstTime || op == .lastTime ? ValueType.date.optional : .int)
            return q.filter != noIndex || q.groupField != noIndex
        case .countAtLeast:
            try index(UInt32(ins.k), bundle.queries.count, .query, at)
            let q = bundle.queries[ins.k]
            guard q.groupField == noIndex else { throw .queryShapeMismatch(at: site) }
            try s.push(.bool)
            return q.filter != noIndex
        case .paramEqConst:
            try index(UInt32(ins.a), bundle.constants.count, .constant, at)
            try index(UInt32(ins.k), bundle.params.count, .param, at)
            let p = bundle.params[ins.k].type
            let c = bundle.constants[ins.a].type
            guard equatable.contains(p.kind) else { throw .typeMismatch(at: site, expected: "an equatable non-Double value", found: p) }
            guard p.sameBase(c) else { throw .typeMismatch(at: site, expected: p.nonOptional.description, found: c) }
            try s.push(.bool)
        case .platformIn:
            guard ins.a != 0, ins.a & ~Int(ConditionSchema.allPlatforms) == 0 else { throw .operandOutOfRange(at: site) }
            try s.push(.bool)
        case .localTime:
            guard let field = CalendarField(rawValue: UInt8(ins.a)) else { throw .operandOutOfRange(at: site) }
            try s.push(field == .timeOfDay ? .duration : .int)
        case .lifetime:
            guard LifetimeInstant(rawValue: UInt8(ins.a)) != nil else { throw .operandOutOfRange(at: site) }
            try s.push(ValueType.date.optional)
        case .countDays:
            try index(UInt32(ins.bx), bundle.queries.count, .query, at)
            guard bundle.queries[ins.bx].groupField == noIndex else { throw .queryShapeMismatch(at: site) }
            try s.push(.int)
            return true
        }
        return false
    }

    /// The result kind of an Int-family operation, or nil when the operands do not fit.
    static func intResult(_ op: Opcode, _ a: Kind, _ b: Kind) -> Kind? {
        switch (op, a, b) {
        case (_, .int, .int): return .int
        case (.addInt, .duration, .duration), (.subInt, .duration, .duration), (.subInt, .date, .date): return .duration
        case (.addInt, .date, .duration), (.addInt, .duration, .date), (.subInt, .date, .duration): return .date
        case (.mulInt, .duration, .int), (.mulInt, .int, .duration), (.divInt, .duration, .int), (.remInt, .duration, .int):
            return .duration
        case (.minInt, .date, .date), (.maxInt, .date, .date): return .date
        case (.minInt, .duration, .duration), (.maxInt, .duration, .duration): return .duration
        default: return nil
        }
    }

    private static func intExpectation(_ op: Opcode, _ a: Kind) -> String {
        var fits: [String] = []
        for b in [Kind.int, .date, .duration] where intResult(op, a, b) != nil { fits.append(ValueType(b).description) }
        return fits.isEmpty ? "no operand (left is \(ValueType(a)))" : fits.joined(separator: " or ")
    }
}
