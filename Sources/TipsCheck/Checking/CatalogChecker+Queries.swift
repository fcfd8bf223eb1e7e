import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// `count(e ...)` and siblings. An unknown event leaves an error-typed node.
    mutating func typeQuery(_ q: EventQuerySyntax) -> CheckedExpr {
        let function: EventQuery.Function = switch q.function {
        case .count: .count
        case .largestGroup: .largestGroup
        case .smallestGroup: .smallestGroup
        case .first: .first
        case .last: .last
        case .days: .days
        }
        let type: ValueType = function == .first || function == .last ? .optional(.date) : .int
        var ok = true
        let event = resolveEvent(q.event)
        let grouping = function == .largestGroup || function == .smallestGroup
        var groupBy: Int?
        // The parser reports a missing or misplaced `by` (E126) and leaves it out of the tree.
        if grouping, q.groupBy == nil { ok = false }
        if grouping, let g = q.groupBy, let event {
            groupBy = field(g, of: event)
            if groupBy == nil { ok = false }
        }
        var filter: [FilterComparison] = []
        if let f = q.filter, let event {
            if let comparisons = self.filter(f, event: event) { filter = comparisons } else { ok = false }
        }
        var window: Int64?
        if let w = q.window {
            window = reportTipKitWindow(w) ? nil : positiveDuration(w, what: "the window", code: .invalidWindow)
            if window == nil { ok = false }
        }
        guard ok, let event else { return errorNode(q.range) }
        let query = EventQuery(function: function, event: event, groupBy: groupBy, filter: filter, window: window,
                               range: q.range)
        return CheckedExpr(.query(query), type: type, range: q.range)
    }

    /// The index of event `id`, or nil after reporting it.
    mutating func resolveEvent(_ id: Identifier) -> Int? {
        guard let entry = symbols[id.name] else {
            unknown(.unknownEvent, "event", id, candidates: eventNames)
            return nil
        }
        guard case .event(let index) = entry.symbol else {
            wrongKind(id, entry, expected: "an event")
            return nil
        }
        return index
    }

    /// The index of payload field `id` of `event`, or nil after reporting it.
    mutating func field(_ id: Identifier, of event: Int) -> Int? {
        let e = model.events[event]
        if let index = e.fields.firstIndex(where: { $0.name == id.name }) { return index }
        unknown(.unknownField, "field", id, context: "in event '\(e.name)'", candidates: e.fields.map(\.name),
                    listing: "the fields of '\(e.name)' are")
        return nil
    }

    /// A payload filter: `&&` of `field op constant` (either side), `field` or `!field`.
    /// Nil when any part is wrong (reported).
    mutating func filter(_ expr: ExprSyntax, event: Int) -> [FilterComparison]? {
        var result: [FilterComparison] = []
        var ok = true
        for conjunct in Self.conjuncts(expr) {
            if let c = filterComparison(conjunct, event: event) { result.append(c) } else { ok = false }
        }
        return ok ? result : nil
    }

    static func conjuncts(_ expr: ExprSyntax) -> [ExprSyntax] {
        switch expr {
        case .binary(.and, let a, let b, _, _): conjuncts(a) + conjuncts(b)
        case .paren(let inner, _): conjuncts(inner)
        default: [expr]
        }
    }

    static func stripParens(_ expr: ExprSyntax) -> ExprSyntax {
        if case .paren(let inner, _) = expr { return stripParens(inner) }
        return expr
    }

    private mutating func filterComparison(_ expr: ExprSyntax, event: Int) -> FilterComparison? {
        switch Self.stripParens(expr) {
        case .name(let id):
            return boolField(id, value: true, event: event, range: expr.range)
        case .unary(.not, let operand, _, _):
            if case .name(let id) = Self.stripParens(operand) {
                return boolField(id, value: false, event: event, range: expr.range)
            }
        case .binary(let op, let a, let b, _, _) where op.isComparison:
            var cmp = Self.comparison(op)
            let fieldSide: ExprSyntax
            let constantSide: ExprSyntax
            // `minPrice < price`: with a name on each side, the payload field is the field side.
            let fieldNames = Set(model.events[event].fields.map(\.name))
            let isField = { (e: ExprSyntax) -> Bool in
                if case .name(let id) = Self.stripParens(e) { return fieldNames.contains(id.name) }
                return false
            }
            if case .name = Self.stripParens(a), !(isField(b) && !isField(a)) {
                (fieldSide, constantSide) = (a, b)
            } else if case .name = Self.stripParens(b) {
                (fieldSide, constantSide) = (b, a)
                cmp = cmp.flipped
            } else {
                break
            }
            guard case .name(let id) = Self.stripParens(fieldSide), let f = field(id, of: event) else { return nil }
            return fieldComparison(f, cmp, constantSide, event: event, range: expr.range)
        default:
            break
        }
        error(.invalidFilter, "a filter must be 'field op constant' comparisons joined by '&&'", at: expr.range)
        return nil
    }

    private mutating func boolField(_ id: Identifier, value: Bool, event: Int, range: SourceRange) -> FilterComparison? {
        guard let f = field(id, of: event) else { return nil }
        let type = model.events[event].fields[f].type
        if type.isError { return nil }
        guard type == .bool else {
            error(.invalidFilter, "field '\(id.name)' has type '\(typeName(type))'; compare it with a constant", at: range)
            return nil
        }
        return FilterComparison(field: f, op: .equal, domain: .bool, value: .bool(value), range: range)
    }

    private mutating func fieldComparison(_ f: Int, _ op: ComparisonOperator, _ constantSide: ExprSyntax,
                                          event: Int, range: SourceRange) -> FilterComparison? {
        let field = model.events[event].fields[f]
        if field.type.isError { return nil }
        let typed = typeExpr(constantSide, expected: field.type)
        if typed.type.isError { return nil }
        if case .argument(let index) = typed.kind {
            return argumentComparison(f, op, argument: index, type: typed.type, event: event, range: range)
        }
        guard var value = typed.constantValue else {
            error(.notConstant, "a filter compares field '\(field.name)' with a constant", at: constantSide.range)
            return nil
        }
        if value == .none {
            error(.invalidOperands, "payload field '\(field.name)' is never nil", at: range)
            return nil
        }
        let domain: ComparisonDomain
        switch (field.type, typed.type) {
        case (.int, .int): domain = .int
        case (.int, .double): domain = .double
        case (.double, .int):
            if case .int(let n) = value { value = .double(Double(n)) }
            domain = .double
        case (.double, .double): domain = .double
        case (.string, .string): domain = .string
        case (.bool, .bool): domain = .bool
        case (.enumeration(let x), .enumeration(let y)) where x == y: domain = .enumeration(x)
        default:
            error(.invalidOperands, "cannot compare field '\(field.name)' of type '\(typeName(field.type))' with "
                  + "'\(typeName(typed.type))'", at: range)
            return nil
        }
        if op.isOrdering, domain == .bool || { if case .enumeration = domain { true } else { false } }() {
            error(.invalidOperands, "operator '\(op.rawValue)' cannot order '\(typeName(field.type))' values; use '==' or '!='",
                  at: range)
            return nil
        }
        return FilterComparison(field: f, op: op, domain: domain, value: value, range: range)
    }
}
