import TipsCheck

/// Arithmetic, comparisons and built-ins, written out case by case from the design notes.
extension ReferenceEvaluator {
    /// `a op b` on two non-nil values. Int and duration arithmetic wraps; division and
    /// remainder by zero give 0; `Int.min / -1` wraps to `Int.min` and `Int.min % -1` is 0.
    static func arithmetic(_ op: ArithmeticOperator, _ a: ReferenceValue, _ b: ReferenceValue) -> ReferenceValue {
        switch (op, a, b) {
        case (.addInt, .int(let x), .int(let y)): return .int(x &+ y)
        case (.subtractInt, .int(let x), .int(let y)): return .int(x &- y)
        case (.multiplyInt, .int(let x), .int(let y)): return .int(x &* y)
        case (.divideInt, .int(let x), .int(let y)): return .int(divide(x, y))
        case (.remainderInt, .int(let x), .int(let y)): return .int(remainder(x, y))
        case (.addDouble, .double(let x), .double(let y)): return .double(x + y)
        case (.subtractDouble, .double(let x), .double(let y)): return .double(x - y)
        case (.multiplyDouble, .double(let x), .double(let y)): return .double(x * y)
        case (.divideDouble, .double(let x), .double(let y)): return .double(y == 0 ? 0 : x / y)
        case (.remainderDouble, .double(let x), .double(let y)):
            return .double(y == 0 ? 0 : x.truncatingRemainder(dividingBy: y))
        case (.addDurations, .duration(let x), .duration(let y)): return .duration(x &+ y)
        case (.subtractDurations, .duration(let x), .duration(let y)): return .duration(x &- y)
        case (.multiplyDurationByInt, .duration(let x), .int(let y)): return .duration(x &* y)
        case (.divideDurationByInt, .duration(let x), .int(let y)): return .duration(divide(x, y))
        case (.addDurationToDate, .date(let x), .duration(let y)): return .date(x &+ y)
        case (.subtractDurationFromDate, .date(let x), .duration(let y)): return .date(x &- y)
        case (.subtractDates, .date(let x), .date(let y)): return .duration(x &- y)
        default: return .none
        }
    }

    static func divide(_ x: Int64, _ y: Int64) -> Int64 {
        if y == 0 { return 0 }
        if x == Int64.min && y == -1 { return Int64.min }
        return x / y
    }

    static func remainder(_ x: Int64, _ y: Int64) -> Int64 {
        if y == 0 { return 0 }
        if x == Int64.min && y == -1 { return 0 }
        return x % y
    }

    /// A comparison: `==`/`!=` treat nil as a value (Swift), orderings with nil are false,
    /// anything involving NaN is false (`!=` too), strings compare by UTF-8 bytes.
    static func compare(_ op: ComparisonOperator, _ a: ReferenceValue, _ b: ReferenceValue) -> Bool {
        if a == .none || b == .none {
            switch op {
            case .equal: return a == .none && b == .none
            case .notEqual: return !(a == .none && b == .none)
            default: return false
            }
        }
        if case .double(let x) = a, x.isNaN { return false }
        if case .double(let y) = b, y.isNaN { return false }
        let order: Int
        switch (a, b) {
        case (.int(let x), .int(let y)), (.date(let x), .date(let y)), (.duration(let x), .duration(let y)):
            order = x < y ? -1 : (x == y ? 0 : 1)
        case (.double(let x), .double(let y)):
            order = x < y ? -1 : (x == y ? 0 : 1)
        case (.string(let x), .string(let y)):
            order = compareBytes(Array(x.utf8), Array(y.utf8))
        case (.bool(let x), .bool(let y)):
            order = x == y ? 0 : 1
        case (.enumCase(let x), .enumCase(let y)):
            order = x == y ? 0 : 1
        default:
            return false
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

    /// -1, 0 or 1: lexicographic order of byte arrays.
    static func compareBytes(_ x: [UInt8], _ y: [UInt8]) -> Int {
        var i = 0
        while i < x.count && i < y.count {
            if x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
            i += 1
        }
        if x.count == y.count { return 0 }
        return x.count < y.count ? -1 : 1
    }

    /// A built-in on evaluated arguments (receiver first).
    static func builtin(_ b: Builtin, _ args: [ReferenceValue]) -> ReferenceValue {
        let first = args.first ?? .none
        let second = args.count > 1 ? args[1] : .none
        switch (b, first, second) {
        case (.stringHasPrefix, .string(let s), .string(let x)):
            return .bool(Array(s.utf8).starts(with: Array(x.utf8)))
        case (.stringHasSuffix, .string(let s), .string(let x)):
            let bytes = Array(s.utf8), suffix = Array(x.utf8)
            return .bool(bytes.count >= suffix.count && Array(bytes[(bytes.count - suffix.count)...]) == suffix)
        case (.stringContains, .string(let s), .string(let x)):
            let bytes = Array(s.utf8), needle = Array(x.utf8)
            if needle.isEmpty { return .bool(true) }
            if needle.count > bytes.count { return .bool(false) }
            for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
                return .bool(true)
            }
            return .bool(false)
        case (.stringIsEmpty, .string(let s), _):
            return .bool(s.utf8.isEmpty)
        case (.stringCount, .string(let s), _):
            return .int(Int64(s.unicodeScalars.count))
        case (.setContains, .stringSet(let members), .string(let x)):
            return .bool(members.contains { Array($0.utf8) == Array(x.utf8) })
        case (.setCount, .stringSet(let members), _):
            return .int(Int64(Set(members.map { Array($0.utf8) }).count))
        case (.setIsEmpty, .stringSet(let members), _):
            return .bool(members.isEmpty)
        // min(a, b) is `b < a ? b : a`, max(a, b) is `b > a ? b : a` (the checker's definition).
        case (.minInt, .int(let a), .int(let c)): return .int(c < a ? c : a)
        case (.maxInt, .int(let a), .int(let c)): return .int(c > a ? c : a)
        case (.minDouble, .double(let a), .double(let c)): return .double(c < a ? c : a)
        case (.maxDouble, .double(let a), .double(let c)): return .double(c > a ? c : a)
        case (.minDuration, .duration(let a), .duration(let c)): return .duration(c < a ? c : a)
        case (.maxDuration, .duration(let a), .duration(let c)): return .duration(c > a ? c : a)
        case (.minDate, .date(let a), .date(let c)): return .date(c < a ? c : a)
        case (.maxDate, .date(let a), .date(let c)): return .date(c > a ? c : a)
        default: return .none
        }
    }
}

extension ReferenceEvaluator {
    /// A built-in applied to values, for tests that pin single operations.
    public static func builtinForTesting(_ b: Builtin, _ args: [ReferenceValue]) -> ReferenceValue {
        builtin(b, args)
    }
}
