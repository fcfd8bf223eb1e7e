import TipsSource
import TipsSyntax
import TipsTime

extension CatalogChecker {
    /// `Enumeration.case`, `s.count`, `s.isEmpty`, `tags.count`, `tags.isEmpty`.
    mutating func member(_ base: ExprSyntax, _ id: Identifier, range: SourceRange) -> CheckedExpr {
        if case .name(let baseName) = base, let entry = symbols[baseName.name],
           case .enumeration(let index) = entry.symbol {
            return enumCase(id, of: index, range: range)
        }
        let b = typeExpr(base, expected: nil)
        if b.type.isError { return errorNode(range) }
        guard requireUnwrapped(b, using: id.name) else { return errorNode(range) }
        let builtin: Builtin? = switch (b.type, id.name) {
        case (.string, "count"): .stringCount
        case (.string, "isEmpty"): .stringIsEmpty
        case (.stringSet, "count"): .setCount
        case (.stringSet, "isEmpty"): .setIsEmpty
        default: nil
        }
        guard let builtin else {
            let candidates = b.type == .string || b.type == .stringSet ? ["count", "isEmpty"] : []
            unknown(.unknownMember, "member", id, context: "of type '\(typeName(b.type))'", candidates: candidates)
            return errorNode(range)
        }
        let type: ValueType = builtin == .stringCount || builtin == .setCount ? .int : .bool
        return Folder.fold(CheckedExpr(.builtin(builtin, [b]), type: type, range: range))
    }

    /// `s.hasPrefix(x)`, `s.hasSuffix(x)`, `s.contains(x)`, `tags.contains(x)`.
    mutating func methodCall(_ base: ExprSyntax, _ id: Identifier, _ args: [ExprSyntax],
                             range: SourceRange) -> CheckedExpr {
        let b = typeExpr(base, expected: nil)
        if b.type.isError { return errorNode(range) }
        guard requireUnwrapped(b, using: id.name) else { return errorNode(range) }
        let builtin: Builtin? = switch (b.type, id.name) {
        case (.string, "hasPrefix"): .stringHasPrefix
        case (.string, "hasSuffix"): .stringHasSuffix
        case (.string, "contains"): .stringContains
        case (.stringSet, "contains"): .setContains
        default: nil
        }
        guard let builtin else {
            let candidates = switch b.type {
            case .string: ["hasPrefix", "hasSuffix", "contains"]
            case .stringSet: ["contains"]
            default: [String]()
            }
            unknown(.unknownMember, "method", id, context: "of type '\(typeName(b.type))'", candidates: candidates)
            return errorNode(range)
        }
        guard args.count == 1 else {
            error(.wrongArguments, "'\(id.name)' takes 1 argument, found \(args.count)", at: range)
            return errorNode(range)
        }
        let arg = typeExpr(args[0], expected: .string)
        if arg.type.isError { return errorNode(range) }
        guard arg.type == .string else {
            error(.wrongArguments, "argument of '\(id.name)' must be 'String', found '\(typeName(arg.type))'", at: arg.range)
            return errorNode(range)
        }
        return Folder.fold(CheckedExpr(.builtin(builtin, [b, arg]), type: .bool, range: range))
    }

    /// Reports an optional receiver: members need a value.
    private mutating func requireUnwrapped(_ b: CheckedExpr, using member: String) -> Bool {
        guard b.type.isOptional else { return true }
        error(.unwrappedOptional, "value of optional type '\(typeName(b.type))' must be unwrapped with '??' "
              + "before using '\(member)'", at: b.range)
        return false
    }

    static let functionNames = ["date", "min", "max", "during"] + EventQuerySyntax.functionNames

    /// `date("...")`, `min(a, b)`, `max(a, b)`.
    mutating func call(_ id: Identifier, _ args: [ExprSyntax], range: SourceRange) -> CheckedExpr {
        switch id.name {
        case "date":
            guard args.count == 1, case .string(let literal) = args[0], let text = literal.plainText else {
                error(.notConstant, "'date' takes one constant string such as \"2026-01-01T00:00:00Z\"", at: range)
                return errorNode(range)
            }
            guard let ms = ISO8601.parse(text) else {
                error(.invalidDate, "invalid date '\(text)'; expected ISO-8601 such as '2026-01-01T00:00:00Z'",
                      at: literal.range)
                return errorNode(range)
            }
            return CheckedExpr(.constant(.date(ms)), type: .date, range: range)
        case "during":
            return during(args, range: range)
        case "min", "max":
            guard args.count == 2 else {
                error(.wrongArguments, "'\(id.name)' takes 2 arguments, found \(args.count)", at: range)
                return errorNode(range)
            }
            var (a, b) = typePair(args[0], args[1])
            if a.type.isError || b.type.isError { return errorNode(range) }
            let isMin = id.name == "min"
            let builtin: Builtin
            var type = a.type
            switch (a.type, b.type) {
            case (.int, .int): builtin = isMin ? .minInt : .maxInt
            case (.int, .double), (.double, .int), (.double, .double):
                a = a.type == .int ? promote(a) : a
                b = b.type == .int ? promote(b) : b
                type = .double
                builtin = isMin ? .minDouble : .maxDouble
            case (.duration, .duration): builtin = isMin ? .minDuration : .maxDuration
            case (.date, .date): builtin = isMin ? .minDate : .maxDate
            default:
                error(.wrongArguments, "'\(id.name)' needs two Int, Double, Duration or Date values, found "
                      + "'\(typeName(a.type))' and '\(typeName(b.type))'", at: range)
                return errorNode(range)
            }
            return Folder.fold(CheckedExpr(.builtin(builtin, [a, b]), type: type, range: range))
        default:
            if let entry = symbols[id.name] {
                wrongKind(id, entry, expected: "a function")
            } else {
                unknown(.unknownFunction, "function", id, candidates: Self.functionNames)
            }
            return errorNode(range)
        }
    }
}

extension EventQuerySyntax {
    /// The query function names, for suggestions.
    static var functionNames: [String] { QueryFunction.allCases.map(\.rawValue) }
}
