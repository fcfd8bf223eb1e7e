import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// A node standing for an expression that failed to check (already reported).
    func errorNode(_ range: SourceRange) -> CheckedExpr {
        CheckedExpr(.constant(.none), type: .error, range: range)
    }

    /// Types `expr`, reporting problems. `expected` is the type the position wants, used
    /// only to give context to `nil`, `.case` and the like; callers check the result type.
    /// Constant subexpressions come back folded.
    mutating func typeExpr(_ expr: ExprSyntax, expected: ValueType?) -> CheckedExpr {
        switch expr {
        case .integer(let v, let r):
            return CheckedExpr(.constant(.int(v)), type: .int, range: r)
        case .double(let v, let r):
            return CheckedExpr(.constant(.double(v)), type: .double, range: r)
        case .duration(let v, let r):
            return CheckedExpr(.constant(.duration(v)), type: .duration, range: r)
        case .bool(let v, let r):
            return CheckedExpr(.constant(.bool(v)), type: .bool, range: r)
        case .string(let s):
            guard let text = s.plainText else {
                error(.misplacedInterpolation, "interpolation is only allowed in tip text", at: s.range)
                return errorNode(s.range)
            }
            return CheckedExpr(.constant(.string(text)), type: .string, range: s.range)
        case .nilLiteral(let r):
            guard let type = expected, !type.isError else {
                if expected == nil { error(.uninferableType, "cannot infer the type of 'nil' here", at: r) }
                return errorNode(r)
            }
            return CheckedExpr(.constant(.none), type: type.asOptional, range: r)
        case .now(let r):
            return CheckedExpr(.now, type: .date, range: r)
        case .name(let id):
            return valueName(id)
        case .enumCase(let id, let r):
            return enumCaseShorthand(id, range: r, expected: expected)
        case .member(let base, let id, let r):
            if let habit = tipKitExpression(expr, expected: expected) { return habit }
            return member(base, id, range: r)
        case .methodCall(let base, let id, let args, let r):
            if let habit = tipKitExpression(expr, expected: expected) { return habit }
            return methodCall(base, id, args, range: r)
        case .call(let id, let args, let r):
            return call(id, args, range: r)
        case .query(let q):
            return typeQuery(q)
        case .setLiteral(let elements, let r):
            return setLiteral(elements, range: r)
        case .unary(let op, let operand, _, let r):
            return unary(op, operand, range: r)
        case .binary(let op, let a, let b, let opRange, let r):
            return binary(op, a, b, operatorRange: opRange, range: r)
        case .paren(let inner, let r):
            var e = typeExpr(inner, expected: expected)
            e.range = r
            return e
        case .missing(let r):
            return errorNode(r)
        }
    }

    /// A bare name in a value position: a parameter.
    private mutating func valueName(_ id: Identifier) -> CheckedExpr {
        // Inside a tip its own arguments come first, as a function's parameters shadow
        // globals in Swift; only its rules may read them.
        if let index = currentTipArguments.firstIndex(where: { $0.name == id.name }) {
            guard argumentReadsAllowed else {
                error(.wrongKindOfName, "'\(id.name)' is a tip argument; arguments are interpolated in text and read by rules, "
                      + "not used here", at: id.range)
                return errorNode(id.range)
            }
            let type = currentTipArguments[index].type
            if type.isError { return errorNode(id.range) }
            return CheckedExpr(.argument(index), type: type, range: id.range)
        }
        if let entry = symbols[id.name] {
            if case .constant(let index) = entry.symbol { return constantReference(index, at: id) }
            guard case .parameter(let index) = entry.symbol else {
                wrongKind(id, entry, expected: "a value")
                return errorNode(id.range)
            }
            return CheckedExpr(.parameter(index), type: model.parameters[index].type, range: id.range)
        }
        if let builtin = calendarValue(id) { return builtin }
        if id.name == "platform" {
            if platformReadsAllowed {
                _ = platformMisuse(.name(id))
                return errorNode(id.range)
            }
            error(.unknownParameter, "'platform' can be tested only in rules and 'when' conditions", at: id.range,
                  notes: [Note("the platform is fixed while the app runs; test it in the tip's rule, e.g. 'rule platform == macOS'")])
            return errorNode(id.range)
        }
        // `maxDisplayCount three`: a number in words.
        if let n = TipKitSpelling.number(forWord: id.name) {
            error(.unknownParameter, "'\(id.name)' is a number in words; write it with digits: \(n)", at: id.range,
                  fixIts: [.replace(id.range, with: "\(n)", message: "replace with '\(n)'")])
            return errorNode(id.range)
        }
        // A misspelt literal (`flase`) lexes as a name; offer the literal words too.
        unknown(.unknownParameter, "parameter", id, candidates: parameterNames + model.constants.map(\.name) + ["true", "false", "nil", "now"] + Array(CalendarRead.builtinNames.keys).sorted() + LifetimeRead.allCases.map(\.rawValue))
        return errorNode(id.range)
    }

    /// The case `name` of enumeration `index`, or an error node after reporting it.
    mutating func enumCase(_ id: Identifier, of index: Int, range: SourceRange) -> CheckedExpr {
        let e = model.enums[index]
        guard let caseIndex = e.cases.firstIndex(of: id.name) else {
            unknown(.unknownCase, "case", id, context: "in enumeration '\(e.name)'", candidates: e.cases,
                    listing: "the cases of '\(e.name)' are")
            return errorNode(range)
        }
        return CheckedExpr(.constant(.enumCase(enumeration: index, index: caseIndex)),
                           type: .enumeration(index), range: range)
    }

    /// `.case`, whose enumeration comes from the expected type.
    private mutating func enumCaseShorthand(_ id: Identifier, range: SourceRange, expected: ValueType?) -> CheckedExpr {
        guard let type = expected else {
            error(.uninferableType, "cannot infer the enumeration of '.\(id.name)'; write 'Enumeration.\(id.name)'", at: range)
            return errorNode(range)
        }
        if type.isError { return errorNode(range) }
        guard case .enumeration(let index) = type.unwrapped else {
            error(.uninferableType, "'.\(id.name)' cannot be a value of type '\(typeName(type))'", at: range)
            return errorNode(range)
        }
        return enumCase(id, of: index, range: range)
    }

    /// `["a", "b"]`: a constant set of strings.
    private mutating func setLiteral(_ elements: [ExprSyntax], range: SourceRange) -> CheckedExpr {
        var strings: [String] = []
        var failed = false
        for element in elements {
            let e = typeExpr(element, expected: .string)
            if e.type.isError { failed = true; continue }
            guard e.type == .string else {
                error(.typeMismatch, "set elements must be 'String', found '\(typeName(e.type))'", at: element.range)
                failed = true
                continue
            }
            guard case .string(let s)? = e.constantValue else {
                error(.notConstant, "set elements must be constants", at: element.range)
                failed = true
                continue
            }
            strings.append(s)
        }
        if failed { return errorNode(range) }
        return CheckedExpr(.constant(.stringSet(Folder.normalizedSet(strings))), type: .stringSet, range: range)
    }

    /// `!x`, `-x`.
    private mutating func unary(_ op: UnaryOperator, _ operand: ExprSyntax, range: SourceRange) -> CheckedExpr {
        let x = typeExpr(operand, expected: op == .not ? .bool : nil)
        if x.type.isError { return errorNode(range) }
        switch op {
        case .not:
            guard requireBool(x, operator: "!") else { return errorNode(range) }
            return Folder.fold(CheckedExpr(.not(x), type: .bool, range: range))
        case .negate:
            let kind: NumericKind
            switch x.type.unwrapped {
            case .int: kind = .int
            case .double: kind = .double
            case .duration: kind = .duration
            default:
                error(.invalidOperands, "operator '-' cannot be applied to '\(typeName(x.type))'", at: range)
                return errorNode(range)
            }
            return Folder.fold(CheckedExpr(.negate(kind, x), type: x.type, range: range))
        }
    }

    /// Whether `x` is a non-optional Bool, reporting it if not (`op` names the user).
    mutating func requireBool(_ x: CheckedExpr, operator op: String) -> Bool {
        switch x.type {
        case .bool: return true
        case .optional(.bool):
            error(.unwrappedOptional, "operand of '\(op)' has optional type 'Bool?'; unwrap it with '?? false' or '== true'",
                  at: x.range)
        default:
            error(.invalidOperands, "operator '\(op)' needs 'Bool' operands, found '\(typeName(x.type))'", at: x.range)
        }
        return false
    }

    /// Whether `expr` can only be typed with help from the other operand (`nil`, `.case`).
    func needsContext(_ expr: ExprSyntax) -> Bool {
        switch expr {
        case .nilLiteral, .enumCase: true
        case .paren(let inner, _): needsContext(inner)
        default: false
        }
    }

    /// Types two operands, letting one that needs context take it from the other.
    mutating func typePair(_ a: ExprSyntax, _ b: ExprSyntax) -> (CheckedExpr, CheckedExpr) {
        if needsContext(a) && !needsContext(b) {
            let rb = typeExpr(b, expected: nil)
            let ra = typeExpr(a, expected: rb.type)
            return (ra, rb)
        }
        let ra = typeExpr(a, expected: nil)
        let rb = typeExpr(b, expected: ra.type)
        return (ra, rb)
    }

    /// An Int (or Int?) operand converted to Double (or Double?).
    func promote(_ e: CheckedExpr) -> CheckedExpr {
        Folder.fold(CheckedExpr(.intToDouble(e), type: e.type.isOptional ? .optional(.double) : .double, range: e.range))
    }
}
