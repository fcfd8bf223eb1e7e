import TipsSource
import TipsSyntax

/// The local calendar in rules: `month`, `weekday`, `timeOfDay`, `installed`,
/// `appUpdated`, `during("Dec 1", "Dec 31")`. A parameter, constant or tip argument of the
/// same name shadows the built-in, as with `platform`.
extension CatalogChecker {
    /// Whether `name` is not declared here, so a built-in of that name applies.
    func isUndeclared(_ name: String) -> Bool {
        symbols[name] == nil && !currentTipArguments.contains { $0.name == name }
    }

    /// `month`, `weekday`, `timeOfDay`, `installed` or `appUpdated` as a value; nil for any other name.
    func calendarValue(_ id: Identifier) -> CheckedExpr? {
        guard isUndeclared(id.name) else { return nil }
        if let field = CalendarRead.builtinNames[id.name] {
            return CheckedExpr(.calendar(field), type: field == .timeOfDay ? .duration : .int, range: id.range)
        }
        if let instant = LifetimeRead(rawValue: id.name) {
            return CheckedExpr(.lifetime(instant), type: .optional(.date), range: id.range)
        }
        return nil
    }

    /// `month == .december`, `.saturday != weekday`, `month >= .october`: the field compared
    /// with the number of the named month or weekday; nil when neither side is `month` or
    /// `weekday` (an error node after reporting a wrong name or operand).
    mutating func calendarComparison(_ op: BinaryOperator, _ a: ExprSyntax, _ b: ExprSyntax,
                                     range: SourceRange) -> CheckedExpr? {
        func field(_ e: ExprSyntax) -> CalendarRead? {
            guard case .name(let id) = Self.stripParens(e), isUndeclared(id.name),
                  let f = CalendarRead.builtinNames[id.name], f == .month || f == .weekday else { return nil }
            return f
        }
        let fieldFirst: Bool
        let read: CalendarRead
        if let f = field(a) { (read, fieldFirst) = (f, true) } else if let f = field(b) { (read, fieldFirst) = (f, false) } else { return nil }
        let other = fieldFirst ? b : a
        let names = read == .month ? CalendarRead.monthNames : CalendarRead.weekdayNames
        let what = read == .month ? "month" : "weekday"
        guard case .enumCase(let id, let caseRange) = Self.stripParens(other) else {
            // `month == 12` and `month == someInt` are Int comparisons: allowed, but a
            // name is what authors read, so only a literal out of range is reported.
            let typed = typeExpr(other, expected: .int)
            if typed.type.isError { return errorNode(range) }
            if case .int(let n)? = typed.constantValue, !(1...Int64(names.count)).contains(n) {
                error(.invalidCalendarTest, "\(n) is no \(what): '\(what)' is 1 ... \(names.count) "
                      + "(\(names.first!) ... \(names.last!)); compare it with a name such as '.\(names.last!)'",
                      at: other.range, notes: [Note("the \(what)s are " + names.map { "." + $0 }.joined(separator: ", "))])
                return errorNode(range)
            }
            guard typed.type.unwrapped == .int else {
                error(.invalidCalendarTest, "'\(what)' is compared with a \(what) name such as '.\(names.last!)', "
                      + "found '\(typeName(typed.type))'", at: other.range,
                      notes: [Note("the \(what)s are " + names.map { "." + $0 }.joined(separator: ", "))])
                return errorNode(range)
            }
            let l = CheckedExpr(.calendar(read), type: .int, range: (fieldFirst ? a : b).range)
            return compare(Self.comparison(op), fieldFirst ? l : typed, fieldFirst ? typed : l, range: range)
        }
        guard let index = names.firstIndex(of: id.name) else {
            let lower = id.name.lowercased()
            // `.Dec`, `.Saturday`: a known name in another spelling is the guess.
            let guess = names.first { $0 == lower || (lower.count >= 3 && $0.hasPrefix(lower)) }
            unknown(.invalidCalendarTest, what, id, candidates: names, listing: "the \(what)s are", guess: guess)
            _ = caseRange
            return errorNode(range)
        }
        let fieldNode = CheckedExpr(.calendar(read), type: .int, range: (fieldFirst ? a : b).range)
        let value = CheckedExpr(.constant(.int(Int64(index + 1))), type: .int, range: other.range)
        return compare(Self.comparison(op), fieldFirst ? fieldNode : value, fieldFirst ? value : fieldNode, range: range)
    }

    /// `during("Dec 20", "Jan 6")`: true while the local date is in that yearly range, both
    /// ends included; a range whose end comes before its start crosses the new year.
    mutating func during(_ args: [ExprSyntax], range: SourceRange) -> CheckedExpr {
        let example = "during(\"Dec 1\", \"Dec 31\")"
        guard args.count == 2 else {
            error(.invalidYearlyDate, "'during' takes two month-and-day strings, such as \(example); found \(args.count) "
                  + (args.count == 1 ? "argument" : "arguments"), at: range)
            return errorNode(range)
        }
        var ends: [Int64] = []
        for arg in args {
            guard case .string(let literal) = arg, let text = literal.plainText else {
                error(.invalidYearlyDate, "'during' takes constant strings such as \(example)", at: arg.range)
                return errorNode(range)
            }
            switch YearlyDate.parse(text) {
            case .success(let md): ends.append(md)
            case .failure(let problem):
                var notes = [Note("write a month name (or its first three letters) and a day: \"Dec 24\", \"March 1\"")]
                if let guess = problem.guess { notes.insert(Note("did you mean '\(guess)'?"), at: 0) }
                error(.invalidYearlyDate, "invalid date '\(text)' in 'during': \(problem.message)", at: literal.range,
                      notes: notes,
                      fixIts: problem.fixed.map { [.replace(literal.range, with: "\"\($0)\"", message: "replace with \"\($0)\"")] } ?? [])
                return errorNode(range)
            }
        }
        let monthDay = CheckedExpr(.calendar(.monthDay), type: .int, range: range)
        func bound(_ op: ComparisonOperator, _ v: Int64, _ r: SourceRange) -> CheckedExpr {
            CheckedExpr(.compare(op, .int, monthDay, CheckedExpr(.constant(.int(v)), type: .int, range: r)), type: .bool, range: r)
        }
        let from = bound(.greaterEqual, ends[0], args[0].range)
        let through = bound(.lessEqual, ends[1], args[1].range)
        let kind: CheckedExpr.Kind = ends[0] <= ends[1] ? .and(from, through) : .or(from, through)
        return CheckedExpr(kind, type: .bool, range: range)
    }
}

/// A month and day of any year, as `during(...)` writes it: `Dec 24`, `December 24`,
/// `24 Dec` or `12-24`; as month × 100 + day.
enum YearlyDate {
    struct Problem: Error {
        var message: String
        var guess: String?
        var fixed: String?
    }

    /// Days per month in a leap year: `Feb 29` is a date of leap years, never rejected.
    static let monthLengths: [Int64] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// `dec` → `Dec`.
    static func title(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    static func parse(_ text: String) -> Result<Int64, Problem> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        guard parts.count == 2 else {
            return .failure(Problem(message: "expected a month and a day, such as \"Dec 24\""))
        }
        var monthText = parts[0], dayText = parts[1]
        if Int(monthText) != nil, Int(dayText) == nil { swap(&monthText, &dayText) }
        guard let day = Int64(dayText) else {
            return .failure(Problem(message: "'\(dayText)' is no day of the month"))
        }
        let month: Int64
        if let n = Int64(monthText) {
            guard (1...12).contains(n) else { return .failure(Problem(message: "\(n) is no month (1 ... 12)")) }
            month = n
        } else {
            let lower = monthText.lowercased()
            let names = CalendarRead.monthNames
            if let i = names.firstIndex(where: { $0 == lower || (lower.count == 3 && $0.hasPrefix(lower)) }) {
                month = Int64(i + 1)
            } else {
                let short = names.map { String($0.prefix(3)) }
                let guess = Suggestion.closest(to: lower, among: names)
                    ?? Suggestion.closest(to: lower, among: short).flatMap { s in names.first { $0.hasPrefix(s) } }
                let fixed = guess.map { g in "\(g.prefix(1).uppercased())\(g.dropFirst().prefix(2)) \(day)" }
                return .failure(Problem(message: "unknown month '\(monthText)'; the months are "
                                        + CatalogChecker.list(names.map { title(String($0.prefix(3))) }),
                                        guess: guess, fixed: fixed))
            }
        }
        guard day >= 1, day <= monthLengths[Int(month - 1)] else {
            return .failure(Problem(message: "\(title(CalendarRead.monthNames[Int(month - 1)])) has no day \(day) "
                                    + "(1 ... \(monthLengths[Int(month - 1)]))"))
        }
        return .success(month * 100 + day)
    }
}
