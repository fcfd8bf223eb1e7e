import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// `a op b`, resolved to the operation on its operand types.
    mutating func binary(_ op: BinaryOperator, _ a: ExprSyntax, _ b: ExprSyntax,
                         operatorRange: SourceRange, range: SourceRange) -> CheckedExpr {
        switch op {
        case .and, .or:
            let l = typeExpr(a, expected: .bool)
            let r = typeExpr(b, expected: .bool)
            if l.type.isError || r.type.isError { return errorNode(range) }
            let lok = requireBool(l, operator: op.rawValue)
            let rok = requireBool(r, operator: op.rawValue)
            guard lok && rok else { return errorNode(range) }
            let kind: CheckedExpr.Kind = op == .and ? .and(l, r) : .or(l, r)
            return Folder.fold(CheckedExpr(kind, type: .bool, range: range))
        case .coalesce:
            let l = typeExpr(a, expected: nil)
            let r = typeExpr(b, expected: l.type.isError ? .error : l.type.unwrapped)
            if l.type.isError || r.type.isError { return errorNode(range) }
            return coalesce(l, r, range: range)
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            if let test = platformComparison(op, a, b, range: range) { return test }
            if let test = calendarComparison(op, a, b, range: range) { return test }
            let (l, r) = typePair(a, b)
            if l.type.isError || r.type.isError { return errorNode(range) }
            return compare(Self.comparison(op), l, r, range: range)
        case .add, .subtract, .multiply, .divide, .remainder:
            let (l, r) = typePair(a, b)
            if l.type.isError || r.type.isError { return errorNode(range) }
            return arithmetic(op, l, r, range: range)
        }
    }

    static func comparison(_ op: BinaryOperator) -> ComparisonOperator {
        switch op {
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        default: .equal
        }
    }

    /// `a ?? b`: the result is optional only when both sides are.
    private mutating func coalesce(_ l: CheckedExpr, _ r: CheckedExpr, range: SourceRange) -> CheckedExpr {
        var l = l
        var r = r
        switch (l.type.unwrapped, r.type.unwrapped) {
        case let (x, y) where x == y: break
        case (.int, .double): l = promote(l)
        case (.double, .int): r = promote(r)
        default:
            error(.invalidOperands, "operator '??' cannot be applied to '\(typeName(l.type))' and '\(typeName(r.type))'",
                  at: range)
            return errorNode(range)
        }
        let base = l.type.unwrapped
        let type: ValueType = l.type.isOptional && r.type.isOptional ? .optional(base) : base
        return Folder.fold(CheckedExpr(.coalesce(l, r), type: type, range: range))
    }

    /// A comparison: the domain is the common (unwrapped) type, Int promoted to Double when mixed.
    mutating func compare(_ op: ComparisonOperator, _ l: CheckedExpr, _ r: CheckedExpr,
                          range: SourceRange) -> CheckedExpr {
        var l = l
        var r = r
        let domain: ComparisonDomain
        switch (l.type.unwrapped, r.type.unwrapped) {
        case (.int, .int): domain = .int
        case (.int, .double): l = promote(l); domain = .double
        case (.double, .int): r = promote(r); domain = .double
        case (.double, .double): domain = .double
        case (.string, .string): domain = .string
        case (.duration, .duration): domain = .duration
        case (.date, .date): domain = .date
        case (.bool, .bool): domain = .bool
        case (.enumeration(let x), .enumeration(let y)) where x == y: domain = .enumeration(x)
        default:
            error(.invalidOperands, "cannot compare '\(typeName(l.type))' with '\(typeName(r.type))'", at: range)
            return errorNode(range)
        }
        if op.isOrdering {
            switch domain {
            case .bool, .enumeration:
                error(.invalidOperands, "operator '\(op.rawValue)' cannot order '\(typeName(l.type.unwrapped))' values; "
                      + "use '==' or '!='", at: range)
                return errorNode(range)
            default: break
            }
        }
        return Folder.fold(CheckedExpr(.compare(op, domain, l, r), type: .bool, range: range))
    }

    /// `+ - * / %` on numbers, durations and dates.
    private mutating func arithmetic(_ op: BinaryOperator, _ l: CheckedExpr, _ r: CheckedExpr,
                                     range: SourceRange) -> CheckedExpr {
        let optional = l.type.isOptional || r.type.isOptional
        var warnings: [Diagnostic] = []
        func make(_ a: ArithmeticOperator, _ x: CheckedExpr, _ y: CheckedExpr, _ t: ValueType) -> CheckedExpr {
            // Both are defined at run time (0 and wrapping), but visible here, so say so.
            switch (a, y.constantValue) {
            case (.divideInt, .int(0)?), (.remainderInt, .int(0)?), (.divideDurationByInt, .int(0)?),
                 (.divideDouble, .double(0)?), (.remainderDouble, .double(0)?):
                warnings.append(.warning(.divisionByZero, "division by zero always yields 0", at: range))
            default:
                if let p = x.constantValue, let q = y.constantValue, Folder.overflows(a, p, q) {
                    warnings.append(.warning(.arithmeticOverflow, "arithmetic overflow: the result wraps around", at: range))
                }
            }
            return Folder.fold(CheckedExpr(.arithmetic(a, x, y), type: optional ? .optional(t) : t, range: range))
        }
        defer { diagnostics += warnings }
        switch (l.type.unwrapped, r.type.unwrapped, op) {
        case (.int, .int, _):
            let a: ArithmeticOperator = switch op {
            case .add: .addInt
            case .subtract: .subtractInt
            case .multiply: .multiplyInt
            case .divide: .divideInt
            default: .remainderInt
            }
            return make(a, l, r, .int)
        case (.int, .double, _), (.double, .int, _), (.double, .double, _):
            let a: ArithmeticOperator = switch op {
            case .add: .addDouble
            case .subtract: .subtractDouble
            case .multiply: .multiplyDouble
            case .divide: .divideDouble
            default: .remainderDouble
            }
            let x = l.type.unwrapped == .int ? promote(l) : l
            let y = r.type.unwrapped == .int ? promote(r) : r
            return make(a, x, y, .double)
        case (.duration, .duration, .add): return make(.addDurations, l, r, .duration)
        case (.duration, .duration, .subtract): return make(.subtractDurations, l, r, .duration)
        case (.duration, .int, .multiply): return make(.multiplyDurationByInt, l, r, .duration)
        case (.int, .duration, .multiply): return make(.multiplyDurationByInt, r, l, .duration)
        case (.duration, .int, .divide): return make(.divideDurationByInt, l, r, .duration)
        case (.date, .duration, .add): return make(.addDurationToDate, l, r, .date)
        case (.duration, .date, .add): return make(.addDurationToDate, r, l, .date)
        case (.date, .duration, .subtract): return make(.subtractDurationFromDate, l, r, .date)
        case (.date, .date, .subtract): return make(.subtractDates, l, r, .duration)
        default:
            var notes: [Note] = []
            if l.type.unwrapped == .string && r.type.unwrapped == .string && op == .add {
                notes.append(Note("strings cannot be concatenated"))
            }
            error(.invalidOperands, "operator '\(op.rawValue)' cannot be applied to '\(typeName(l.type))' and "
                  + "'\(typeName(r.type))'", at: range, notes: notes)
            return errorNode(range)
        }
    }
}
