/// Constant folding, with exactly the run-time semantics of the design notes: Int and
/// duration arithmetic wraps, division and remainder by zero give 0, strings compare
/// byte-wise in UTF-8, any comparison involving NaN is false, and nil propagates through
/// arithmetic. The checker folds each node as it builds it, so a node is folded once its
/// operands are.
enum Folder {
    /// `e` with its value computed if its operands are constants, or simplified
    /// (`true && x` is `x`, `nil ?? x` is `x`).
    static func fold(_ e: CheckedExpr) -> CheckedExpr {
        if let value = evaluate(e) { return CheckedExpr(.constant(value), type: e.type, range: e.range) }
        switch e.kind {
        // The simplified node keeps the whole expression's range, so source maps still
        // cover what the author wrote.
        case .and(let l, let r):
            if l.constantValue == .bool(true) { return CheckedExpr(r.kind, type: e.type, range: e.range) }
            if r.constantValue == .bool(true) { return CheckedExpr(l.kind, type: e.type, range: e.range) }
        case .or(let l, let r):
            if l.constantValue == .bool(false) { return CheckedExpr(r.kind, type: e.type, range: e.range) }
            if r.constantValue == .bool(false) { return CheckedExpr(l.kind, type: e.type, range: e.range) }
        case .coalesce(let l, let r) where l.constantValue == ConstantValue.none:
            return CheckedExpr(r.kind, type: e.type, range: e.range)
        default:
            break
        }
        return e
    }

    /// The value of `e` when it is computable from constant operands.
    static func evaluate(_ e: CheckedExpr) -> ConstantValue? {
        switch e.kind {
        case .not(let x):
            guard case .bool(let b)? = x.constantValue else { return nil }
            return .bool(!b)
        case .negate(_, let x):
            switch x.constantValue {
            case .int(let v)?: return .int(0 &- v)
            case .double(let v)?: return .double(-v)
            case .duration(let v)?: return .duration(0 &- v)
            case .none?: return ConstantValue.none
            default: return nil
            }
        case .intToDouble(let x):
            switch x.constantValue {
            case .int(let v)?: return .double(Double(v))
            case .none?: return ConstantValue.none
            default: return nil
            }
        case .and(let l, let r):
            if l.constantValue == .bool(false) || r.constantValue == .bool(false) { return .bool(false) }
            if l.constantValue == .bool(true) && r.constantValue == .bool(true) { return .bool(true) }
            return nil
        case .or(let l, let r):
            if l.constantValue == .bool(true) || r.constantValue == .bool(true) { return .bool(true) }
            if l.constantValue == .bool(false) && r.constantValue == .bool(false) { return .bool(false) }
            return nil
        case .arithmetic(let op, let l, let r):
            guard let a = l.constantValue, let b = r.constantValue else { return nil }
            if a == .none || b == .none { return ConstantValue.none }
            return arithmetic(op, a, b)
        case .compare(let op, _, let l, let r):
            guard let a = l.constantValue, let b = r.constantValue else { return nil }
            return compare(op, a, b).map(ConstantValue.bool)
        case .coalesce(let l, let r):
            guard let a = l.constantValue else { return nil }
            return a == .none ? r.constantValue : a
        case .builtin(let b, let args):
            let values = args.compactMap(\.constantValue)
            guard values.count == args.count else { return nil }
            return builtin(b, values)
        case .constant, .parameter, .now, .platformIn, .calendar, .lifetime, .argument, .query:
            return nil
        }
    }

    /// `a op b` on two non-nil constants.
    static func arithmetic(_ op: ArithmeticOperator, _ a: ConstantValue, _ b: ConstantValue) -> ConstantValue? {
        switch (op, a, b) {
        case (.addInt, .int(let x), .int(let y)): .int(x &+ y)
        case (.subtractInt, .int(let x), .int(let y)): .int(x &- y)
        case (.multiplyInt, .int(let x), .int(let y)): .int(x &* y)
        case (.divideInt, .int(let x), .int(let y)): .int(divide(x, y))
        case (.remainderInt, .int(let x), .int(let y)): .int(remainder(x, y))
        case (.addDouble, .double(let x), .double(let y)): .double(x + y)
        case (.subtractDouble, .double(let x), .double(let y)): .double(x - y)
        case (.multiplyDouble, .double(let x), .double(let y)): .double(x * y)
        case (.divideDouble, .double(let x), .double(let y)): .double(y == 0 ? 0 : x / y)
        case (.remainderDouble, .double(let x), .double(let y)): .double(y == 0 ? 0 : x.truncatingRemainder(dividingBy: y))
        case (.addDurations, .duration(let x), .duration(let y)): .duration(x &+ y)
        case (.subtractDurations, .duration(let x), .duration(let y)): .duration(x &- y)
        case (.multiplyDurationByInt, .duration(let x), .int(let y)): .duration(x &* y)
        case (.divideDurationByInt, .duration(let x), .int(let y)): .duration(divide(x, y))
        case (.addDurationToDate, .date(let x), .duration(let y)): .date(x &+ y)
        case (.subtractDurationFromDate, .date(let x), .duration(let y)): .date(x &- y)
        case (.subtractDates, .date(let x), .date(let y)): .duration(x &- y)
        default: nil
        }
    }

    /// Whether `a op b` on constants wraps around (the result is still defined, but
    /// rarely what the author meant).
    static func overflows(_ op: ArithmeticOperator, _ a: ConstantValue, _ b: ConstantValue) -> Bool {
        let x: Int64
        let y: Int64
        switch (a, b) {
        case (.int(let p), .int(let q)), (.duration(let p), .duration(let q)), (.duration(let p), .int(let q)),
             (.date(let p), .duration(let q)), (.date(let p), .date(let q)):
            (x, y) = (p, q)
        default:
            return false
        }
        switch op {
        case .addInt, .addDurations, .addDurationToDate: return x.addingReportingOverflow(y).overflow
        case .subtractInt, .subtractDurations, .subtractDurationFromDate, .subtractDates:
            return x.subtractingReportingOverflow(y).overflow
        case .multiplyInt, .multiplyDurationByInt: return x.multipliedReportingOverflow(by: y).overflow
        case .divideInt, .divideDurationByInt, .remainderInt: return x == Int64.min && y == -1
        default: return false
        }
    }

    /// Wrapping division; 0 when dividing by zero.
    static func divide(_ x: Int64, _ y: Int64) -> Int64 {
        y == 0 ? 0 : x.dividedReportingOverflow(by: y).partialValue
    }

    /// Wrapping remainder; 0 when dividing by zero.
    static func remainder(_ x: Int64, _ y: Int64) -> Int64 {
        y == 0 ? 0 : x.remainderReportingOverflow(dividingBy: y).partialValue
    }

    /// A comparison of constants; nil never compares by order, NaN compares false.
    static func compare(_ op: ComparisonOperator, _ a: ConstantValue, _ b: ConstantValue) -> Bool? {
        if a == .none || b == .none {
            switch op {
            case .equal: return a == b
            case .notEqual: return a != b
            default: return false
            }
        }
        let order: Int
        switch (a, b) {
        case (.int(let x), .int(let y)), (.duration(let x), .duration(let y)), (.date(let x), .date(let y)):
            order = x < y ? -1 : (x == y ? 0 : 1)
        case (.double(let x), .double(let y)):
            if x.isNaN || y.isNaN { return false }
            order = x < y ? -1 : (x == y ? 0 : 1)
        case (.string(let x), .string(let y)):
            order = x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : (x.utf8.elementsEqual(y.utf8) ? 0 : 1)
        case (.bool, .bool), (.enumCase, .enumCase):
            order = a == b ? 0 : 1
        default:
            return nil
        }
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        case .greaterEqual: return order >= 0
        }
    }

    /// A built-in on constants.
    static func builtin(_ b: Builtin, _ v: [ConstantValue]) -> ConstantValue? {
        switch (b, v.first, v.dropFirst().first) {
        case (.stringCount, .string(let s)?, _): .int(Int64(s.unicodeScalars.count))
        case (.stringIsEmpty, .string(let s)?, _): .bool(s.utf8.isEmpty)
        case (.stringHasPrefix, .string(let s)?, .string(let x)?): .bool(s.utf8.starts(with: x.utf8))
        case (.stringHasSuffix, .string(let s)?, .string(let x)?): .bool(s.utf8.reversed().starts(with: x.utf8.reversed()))
        case (.stringContains, .string(let s)?, .string(let x)?): .bool(containsBytes(Array(s.utf8), Array(x.utf8)))
        case (.setCount, .stringSet(let s)?, _): .int(Int64(s.count))
        case (.setIsEmpty, .stringSet(let s)?, _): .bool(s.isEmpty)
        case (.setContains, .stringSet(let s)?, .string(let x)?): .bool(s.contains { $0.utf8.elementsEqual(x.utf8) })
        case (.minInt, .int(let x)?, .int(let y)?): .int(y < x ? y : x)
        case (.maxInt, .int(let x)?, .int(let y)?): .int(y > x ? y : x)
        case (.minDouble, .double(let x)?, .double(let y)?): .double(y < x ? y : x)
        case (.maxDouble, .double(let x)?, .double(let y)?): .double(y > x ? y : x)
        case (.minDuration, .duration(let x)?, .duration(let y)?): .duration(y < x ? y : x)
        case (.maxDuration, .duration(let x)?, .duration(let y)?): .duration(y > x ? y : x)
        case (.minDate, .date(let x)?, .date(let y)?): .date(y < x ? y : x)
        case (.maxDate, .date(let x)?, .date(let y)?): .date(y > x ? y : x)
        default: nil
        }
    }

    static func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// Strings sorted byte-wise in UTF-8, duplicates removed: the canonical set constant.
    static func normalizedSet(_ strings: [String]) -> [String] {
        let sorted = strings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var result: [String] = []
        for s in sorted where !(result.last.map { $0.utf8.elementsEqual(s.utf8) } ?? false) {
            result.append(s)
        }
        return result
    }
}
