import TipsCheck
import TipsTime

/// Rules in plain language, for people who do not read code (`tipc doc`): worded from the
/// checked model (`CheckedExpr`, resolved names, folded constants, windows in milliseconds),
/// never from the source text, so what it says is what the compiler compiled.
///
///     count(manualSave within 7d) >= 3   ->  at least 3 manualSave events in the last 7d
///     hasSeenList && !isComposing        ->  hasSeenList is on, and isComposing is off
public struct RuleWording: Sendable {
    public var model: CatalogModel
    /// The tip whose rules are worded (for argument names), if any.
    public var tip: Tip?

    public init(model: CatalogModel, tip: Tip? = nil) {
        self.model = model
        self.tip = tip
    }

    /// A Bool expression as a statement: `hasSeenList is on`.
    public func condition(_ e: CheckedExpr) -> String {
        switch e.kind {
        case .and(let a, let b): return "\(clause(a)), and \(clause(b))"
        case .or(let a, let b): return "either \(clause(a)), or \(clause(b))"
        case .not(let inner):
            if case .parameter(let p) = inner.kind { return "\(model.parameters[p].name) is off" }
            if case .argument(let a) = inner.kind { return "\(argumentName(a)) is false" }
            return "not (\(condition(inner)))"
        case .parameter(let p): return "\(model.parameters[p].name) is on"
        case .argument(let a): return "\(argumentName(a)) is true"
        case .constant(.bool(let b)): return b ? "always" : "never"
        case .platformIn(let platforms): return "on " + list(platforms, "or")
        case .compare(let op, _, let l, let r): return comparison(op, l, r)
        case .builtin(.setContains, let args) where args.count == 2: return "\(value(args[0])) contains \(value(args[1]))"
        case .builtin(.setIsEmpty, let args) where args.count == 1: return "\(value(args[0])) is empty"
        case .builtin(.stringIsEmpty, let args) where args.count == 1: return "\(value(args[0])) is empty"
        case .builtin(.stringContains, let args) where args.count == 2: return "\(value(args[0])) contains \(value(args[1]))"
        case .builtin(.stringHasPrefix, let args) where args.count == 2: return "\(value(args[0])) starts with \(value(args[1]))"
        case .builtin(.stringHasSuffix, let args) where args.count == 2: return "\(value(args[0])) ends with \(value(args[1]))"
        default: return "\(value(e)) is true"
        }
    }

    /// A part of a larger statement: an `and` or `or` inside another is bracketed.
    func clause(_ e: CheckedExpr) -> String {
        switch e.kind {
        case .and, .or: return "(\(condition(e)))"
        default: return condition(e)
        }
    }

    /// A comparison in words; counts of events read as amounts (`at least 3 saves`).
    func comparison(_ op: ComparisonOperator, _ l: CheckedExpr, _ r: CheckedExpr) -> String {
        // A constant on the left reads better on the right: `3 <= count(...)`.
        if l.constantValue != nil, r.constantValue == nil { return comparison(op.flipped, r, l) }
        if case .query(let q) = l.kind, q.function == .count, case .constant(.int(let n)) = r.kind {
            let what = events(q)
            switch op {
            case .greaterEqual: return "at least \(n) \(what)"
            case .greater: return "more than \(n) \(what)"
            case .lessEqual: return "at most \(n) \(what)"
            case .less: return n == 1 ? "no \(what)" : "fewer than \(n) \(what)"
            case .equal: return n == 0 ? "no \(what)" : "exactly \(n) \(what)"
            case .notEqual: return n == 0 ? "at least 1 \(what)" : "not exactly \(n) \(what)"
            }
        }
        if case .calendar(let field) = l.kind, case .constant(.int(let n)) = r.kind,
           let worded = calendarComparison(op, field, n) {
            return worded
        }
        if case .now = l.kind {
            switch op {
            case .greaterEqual: return "from \(value(r)) on"
            case .greater: return "after \(value(r))"
            case .less: return "before \(value(r))"
            case .lessEqual: return "until \(value(r))"
            default: break
            }
        }
        return "\(value(l)) \(relation(op)) \(value(r))"
    }

    func relation(_ op: ComparisonOperator) -> String {
        switch op {
        case .equal: return "is"
        case .notEqual: return "is not"
        case .less: return "is less than"
        case .lessEqual: return "is at most"
        case .greater: return "is more than"
        case .greaterEqual: return "is at least"
        }
    }

    /// `manualSave events where name is "save" in the last 7d`.
    func events(_ q: EventQuery) -> String {
        let event = model.events[q.event]
        var out = "\(event.name) events"
        if !q.filter.isEmpty { out += " where " + filter(q.filter, of: event) }
        if let w = q.window { out += " in the last \(DurationText.format(w))" }
        return out
    }

    /// A donation filter: `mode is .rich and wordsAdded is at least 200`.
    public func filter(_ comparisons: [FilterComparison], of event: TipsCheck.Event) -> String {
        comparisons.map { c in
            let field = event.fields.indices.contains(c.field) ? event.fields[c.field].name : "field \(c.field)"
            let v = c.argument.map(argumentName) ?? constant(c.value)
            if case .bool = c.domain, c.op == .equal, case .bool(let b) = c.value, c.argument == nil {
                return b ? "\(field) is true" : "\(field) is false"
            }
            return "\(field) \(relation(c.op)) \(v)"
        }.joined(separator: " and ")
    }

    /// A value in words.
    func value(_ e: CheckedExpr) -> String {
        switch e.kind {
        case .constant(let c): return constant(c)
        case .parameter(let p): return model.parameters[p].name
        case .argument(let a): return argumentName(a)
        case .now: return "now"
        case .calendar(let field): return RuleWording.calendarName(field)
        case .lifetime(let instant): return instant == .installed ? "the install time" : "the last app update"
        case .intToDouble(let x): return value(x)
        case .negate(_, let x): return "minus \(value(x))"
        case .coalesce(let a, let b): return "\(value(a)) (\(value(b)) when not set)"
        case .arithmetic(let op, let a, let b): return "\(value(a)) \(arithmetic(op)) \(value(b))"
        case .query(let q):
            let event = model.events[q.event]
            switch q.function {
            case .count: return "the number of \(events(q))"
            case .largestGroup, .smallestGroup:
                let by = q.groupBy.flatMap { event.fields.indices.contains($0) ? event.fields[$0].name : nil } ?? "field"
                return "the \(q.function == .largestGroup ? "most" : "fewest") \(events(q)) with one \(by)"
            case .first: return "the first time of \(events(q))"
            case .last: return "the last time of \(events(q))"
            case .days: return "the number of days with \(events(q))"
            }
        case .builtin(let b, let args):
            let a = args.map(value)
            switch b {
            case .setCount, .stringCount: return "the number of items in \(a.first ?? "")"
            case .minInt, .minDouble, .minDuration, .minDate: return "the smaller of " + list(a, "and")
            case .maxInt, .maxDouble, .maxDuration, .maxDate: return "the larger of " + list(a, "and")
            default: return condition(e)
            }
        case .not, .and, .or, .compare, .platformIn: return "whether " + condition(e)
        }
    }

    /// `month == 12` → `in December`, `weekday >= 6` → `on Saturday or later`,
    /// `monthDay >= 1220` → `from Dec 20`; nil for a value no month or weekday has.
    func calendarComparison(_ op: ComparisonOperator, _ field: CalendarRead, _ n: Int64) -> String? {
        let name: String
        switch field {
        case .month:
            guard (1...12).contains(n) else { return nil }
            name = RuleWording.title(CalendarRead.monthNames[Int(n - 1)])
        case .weekday:
            guard (1...7).contains(n) else { return nil }
            name = RuleWording.title(CalendarRead.weekdayNames[Int(n - 1)])
        case .monthDay:
            guard (1...12).contains(n / 100) else { return nil }
            name = RuleWording.title(String(CalendarRead.monthNames[Int(n / 100 - 1)].prefix(3))) + " \(n % 100)"
        case .timeOfDay:
            return nil
        }
        let on = field == .month ? "in" : (field == .weekday ? "on" : "on")
        switch op {
        case .equal: return "\(on) \(name)"
        case .notEqual: return "not \(on) \(name)"
        case .greaterEqual: return field == .monthDay ? "from \(name)" : "\(on) \(name) or later"
        case .greater: return "after \(name)"
        case .lessEqual: return field == .monthDay ? "through \(name)" : "\(on) \(name) or earlier"
        case .less: return "before \(name)"
        }
    }

    static func calendarName(_ field: CalendarRead) -> String {
        switch field {
        case .month: return "the month"
        case .weekday: return "the weekday"
        case .timeOfDay: return "the local time"
        case .monthDay: return "the date"
        }
    }

    static func title(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    func arithmetic(_ op: ArithmeticOperator) -> String {
        switch op {
        case .addInt, .addDouble, .addDurations, .addDurationToDate: return "plus"
        case .subtractInt, .subtractDouble, .subtractDurations, .subtractDurationFromDate, .subtractDates: return "minus"
        case .multiplyInt, .multiplyDouble, .multiplyDurationByInt: return "times"
        case .divideInt, .divideDouble, .divideDurationByInt: return "divided by"
        case .remainderInt, .remainderDouble: return "modulo"
        }
    }

    /// A constant in words: durations as `7d`, instants as ISO 8601, enum cases as `.rich`.
    func constant(_ c: ConstantValue) -> String {
        switch c {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return "\"\(s)\""
        case .duration(let ms): return DurationText.format(ms)
        case .date(let ms): return ISO8601.display(ms)
        case .enumCase(let e, let i):
            guard model.enums.indices.contains(e), model.enums[e].cases.indices.contains(i) else { return "case \(i)" }
            return "." + model.enums[e].cases[i]
        case .stringSet(let s): return s.isEmpty ? "no items" : "{" + s.map { "\"\($0)\"" }.joined(separator: ", ") + "}"
        case .none: return "not set"
        }
    }

    func argumentName(_ a: Int) -> String {
        guard let tip, tip.arguments.indices.contains(a) else { return "argument \(a + 1)" }
        return tip.arguments[a].name
    }

    /// `a, b or c`.
    func list(_ items: [String], _ word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + (items.last ?? "")
    }
}
