import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// The value of a constant expression of `type` (after folding and promotion), or nil
    /// after reporting why it is not one. `what` names the position in messages.
    mutating func constant(_ expr: ExprSyntax, of type: ValueType, what: String) -> ConstantValue? {
        let typed = typeExpr(expr, expected: type)
        guard !typed.type.isError else { return nil }
        guard let coerced = coerce(typed, to: type) else {
            var notes: [Note] = []
            if type == .duration, case .integer(let n, _) = expr {
                notes.append(Note("a duration states its unit: \(n)s, \(n)m, \(n)h, \(n)d or \(n)w"))
            }
            error(.typeMismatch, "\(what) must be '\(typeName(type))', found '\(typeName(typed.type))'", at: expr.range, notes: notes)
            return nil
        }
        guard let value = coerced.constantValue else {
            error(.notConstant, "\(what) must be a constant", at: expr.range)
            return nil
        }
        return value
    }

    /// An Int constant >= 1 (limits, counts).
    mutating func positiveInt(_ expr: ExprSyntax, what: String, code: DiagnosticCode) -> Int? {
        guard case .int(let n)? = constant(expr, of: .int, what: what) else { return nil }
        guard n >= 1 else {
            error(code, "\(what) must be at least 1, found \(n)", at: expr.range)
            return nil
        }
        return Int(n)
    }

    /// A Duration constant > 0, in milliseconds.
    mutating func positiveDuration(_ expr: ExprSyntax, what: String, code: DiagnosticCode) -> Int64? {
        guard case .duration(let ms)? = constant(expr, of: .duration, what: what) else { return nil }
        guard ms > 0 else {
            error(code, "\(what) must be a positive duration", at: expr.range)
            return nil
        }
        return ms
    }

    /// `expr` converted to `type` if a value of its type may be stored there: the same type,
    /// Int to Double (an explicit promotion), T to T?, or nil to T?. Error types pass silently.
    func coerce(_ expr: CheckedExpr, to type: ValueType) -> CheckedExpr? {
        if expr.type == type || expr.type.isError || type.isError { return expr }
        let target = type.unwrapped
        let source = expr.type.unwrapped
        if type.isOptional {
            if expr.constantValue == ConstantValue.none { return CheckedExpr(.constant(.none), type: type, range: expr.range) }
            if source == target { return expr }
        } else if expr.type.isOptional {
            return nil
        }
        if source == .int && target == .double {
            return Folder.fold(CheckedExpr(.intToDouble(expr), type: expr.type.isOptional ? .optional(.double) : .double,
                                           range: expr.range))
        }
        return nil
    }
}
