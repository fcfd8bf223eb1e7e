/// Decides rules whose value is fixed by the ranges their operands can take: an event
/// count lies in `0...limit`, `s.count` is never negative, constants are exact. Sound but
/// incomplete: it answers nil whenever it is not sure.
struct IntervalAnalysis {
    /// A closed range of reals; bounds may be infinite.
    struct Interval {
        var lo: Double
        var hi: Double
    }

    let events: [Event]

    /// Integers beyond this are not exactly representable as Double, and Int arithmetic near
    /// them may wrap, so the analysis gives up on them.
    static let exactLimit = 9_007_199_254_740_992.0

    /// true / false when `e` (a Bool) always / never holds; nil when it depends.
    func truth(of e: CheckedExpr) -> Bool? {
        switch e.kind {
        case .constant(.bool(let b)):
            return b
        case .not(let x):
            return truth(of: x).map { !$0 }
        case .and(let l, let r):
            let (a, b) = (truth(of: l), truth(of: r))
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or(let l, let r):
            let (a, b) = (truth(of: l), truth(of: r))
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .compare(let op, let domain, let l, let r):
            switch domain {
            case .int, .double, .duration, .date: break
            default: return nil
            }
            guard !l.type.isOptional, !r.type.isOptional, let a = interval(of: l), let b = interval(of: r) else {
                return nil
            }
            return Self.decide(op, a, b)
        default:
            return nil
        }
    }

    /// The values a numeric expression can take, if known.
    func interval(of e: CheckedExpr) -> Interval? {
        switch e.kind {
        case .constant(.int(let v)), .constant(.duration(let v)), .constant(.date(let v)):
            return Self.exact(Double(v))
        case .constant(.double(let v)):
            return v.isNaN ? nil : Interval(lo: v, hi: v)
        case .query(let q):
            switch q.function {
            case .count, .largestGroup, .smallestGroup, .days:
                guard q.event < events.count else { return nil }
                return Interval(lo: 0, hi: Double(events[q.event].limit))
            case .first, .last:
                return nil
            }
        case .calendar(let field):
            switch field {
            case .month: return Interval(lo: 1, hi: 12)
            case .weekday: return Interval(lo: 1, hi: 7)
            case .timeOfDay: return Interval(lo: 0, hi: 86_399_999)
            case .monthDay: return Interval(lo: 101, hi: 1231)
            }
        case .builtin(.stringCount, _), .builtin(.setCount, _):
            return Interval(lo: 0, hi: .infinity)
        case .builtin(let b, let args) where args.count == 2:
            guard let x = interval(of: args[0]), let y = interval(of: args[1]) else { return nil }
            switch b {
            case .minInt, .minDouble, .minDuration, .minDate: return Interval(lo: min(x.lo, y.lo), hi: min(x.hi, y.hi))
            case .maxInt, .maxDouble, .maxDuration, .maxDate: return Interval(lo: max(x.lo, y.lo), hi: max(x.hi, y.hi))
            default: return nil
            }
        case .intToDouble(let x):
            return interval(of: x)
        case .negate(_, let x):
            return interval(of: x).map { Interval(lo: -$0.hi, hi: -$0.lo) }
        case .arithmetic(let op, let l, let r):
            guard let x = interval(of: l), let y = interval(of: r) else { return nil }
            let result: Interval
            switch op {
            case .addInt, .addDouble, .addDurations, .addDurationToDate:
                result = Interval(lo: x.lo + y.lo, hi: x.hi + y.hi)
            case .subtractInt, .subtractDouble, .subtractDurations, .subtractDurationFromDate, .subtractDates:
                result = Interval(lo: x.lo - y.hi, hi: x.hi - y.lo)
            case .multiplyInt, .multiplyDouble, .multiplyDurationByInt:
                let products = [x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi]
                guard let lo = products.min(), let hi = products.max() else { return nil }
                result = Interval(lo: lo, hi: hi)
            default:
                return nil
            }
            guard !result.lo.isNaN, !result.hi.isNaN else { return nil }
            // Int results past the exact range could wrap: give up rather than guess.
            if e.type.unwrapped != .double,
               (result.lo.isFinite && abs(result.lo) > Self.exactLimit) ||
               (result.hi.isFinite && abs(result.hi) > Self.exactLimit) {
                return nil
            }
            return result
        default:
            return nil
        }
    }

    private static func exact(_ v: Double) -> Interval? {
        abs(v) > exactLimit ? nil : Interval(lo: v, hi: v)
    }

    /// Whether `a op b` holds for all (true) or no (false) values of the intervals.
    static func decide(_ op: ComparisonOperator, _ a: Interval, _ b: Interval) -> Bool? {
        switch op {
        case .less:
            if a.hi < b.lo { return true }
            if a.lo >= b.hi { return false }
        case .lessEqual:
            if a.hi <= b.lo { return true }
            if a.lo > b.hi { return false }
        case .greater:
            if a.lo > b.hi { return true }
            if a.hi <= b.lo { return false }
        case .greaterEqual:
            if a.lo >= b.hi { return true }
            if a.hi < b.lo { return false }
        case .equal, .notEqual:
            var equal: Bool?
            if a.lo == a.hi && b.lo == b.hi && a.lo == b.lo { equal = true }
            if a.hi < b.lo || b.hi < a.lo { equal = false }
            return op == .equal ? equal : equal.map { !$0 }
        }
        return nil
    }
}
