import TipsSource

extension CatalogChecker {
    /// `field op argument` inside a rule's query filter: the comparison is with the
    /// instance's argument value, known only when the app creates the instance, so the
    /// filter keeps a placeholder of the field's type and the argument's index.
    mutating func argumentComparison(_ f: Int, _ op: ComparisonOperator, argument: Int, type: ValueType,
                                     event: Int, range: SourceRange) -> FilterComparison? {
        let field = model.events[event].fields[f]
        let domain: ComparisonDomain
        let placeholder: ConstantValue
        switch (field.type, type) {
        case (.int, .int): domain = .int; placeholder = .int(0)
        case (.double, .int):
            // A Double field would need the argument converted per instance; say how instead.
            error(.invalidOperands, "cannot compare Double field '\(field.name)' with Int argument "
                  + "'\(currentTipArguments[argument].name)'; declare the field or the argument with one type", at: range)
            return nil
        case (.string, .string): domain = .string; placeholder = .string("")
        case (.bool, .bool): domain = .bool; placeholder = .bool(false)
        case (.enumeration(let x), .enumeration(let y)) where x == y:
            domain = .enumeration(x); placeholder = .enumCase(enumeration: x, index: 0)
        default:
            error(.invalidOperands, "cannot compare field '\(field.name)' of type '\(typeName(field.type))' with "
                  + "'\(typeName(type))'", at: range)
            return nil
        }
        if op.isOrdering, domain == .bool || { if case .enumeration = domain { true } else { false } }() {
            error(.invalidOperands, "operator '\(op.rawValue)' cannot order '\(typeName(field.type))' values; use '==' or '!='",
                  at: range)
            return nil
        }
        var comparison = FilterComparison(field: f, op: op, domain: domain, value: placeholder, range: range)
        comparison.argument = argument
        return comparison
    }
}
