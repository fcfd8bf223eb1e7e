import TipsSyntax
import TipsTime

/// An integer or duration constant folded from an expression, for lints that compare
/// thresholds. Names of `let` constants are looked through (`names`, from the catalog);
/// anything else (other names, queries, doubles) is not a constant here: lints stay silent
/// rather than guess.
enum LintConstant: Equatable, Sendable {
    case int(Int64)
    /// Milliseconds.
    case duration(Int64)

    /// Folds literals, parentheses, unary minus and `+ - * /` with the language's semantics
    /// (wrapping arithmetic, division by zero gives 0).
    static func fold(_ expr: ExprSyntax, names: [String: ExprSyntax] = [:], depth: Int = 0) -> LintConstant? {
        // A cycle of constants (an error the checker reports) ends here.
        guard depth <= 64 else { return nil }
        switch expr {
        case .name(let id):
            guard let value = names[id.name] else { return nil }
            return fold(value, names: names, depth: depth + 1)
        case .integer(let v, _): return .int(v)
        case .duration(let v, _): return .duration(v)
        case .paren(let inner, _): return fold(inner, names: names, depth: depth + 1)
        case .unary(.negate, let inner, _, _):
            switch fold(inner, names: names, depth: depth + 1) {
            case .int(let v): return .int(0 &- v)
            case .duration(let v): return .duration(0 &- v)
            case nil: return nil
            }
        case .binary(let op, let l, let r, _, _):
            guard let a = fold(l, names: names, depth: depth + 1), let b = fold(r, names: names, depth: depth + 1) else { return nil }
            return combine(op, a, b)
        default:
            return nil
        }
    }

    /// Folds `expr` and returns it if it is an integer.
    static func int(_ expr: ExprSyntax, names: [String: ExprSyntax] = [:]) -> Int64? {
        if case .int(let v) = fold(expr, names: names) { return v }
        return nil
    }

    /// Folds `expr` and returns its milliseconds if it is a duration.
    static func duration(_ expr: ExprSyntax, names: [String: ExprSyntax] = [:]) -> Int64? {
        if case .duration(let v) = fold(expr, names: names) { return v }
        return nil
    }

    private static func combine(_ op: BinaryOperator, _ a: LintConstant, _ b: LintConstant) -> LintConstant? {
        switch (op, a, b) {
        case (.add, .int(let x), .int(let y)): .int(x &+ y)
        case (.subtract, .int(let x), .int(let y)): .int(x &- y)
        case (.multiply, .int(let x), .int(let y)): .int(x &* y)
        case (.divide, .int(let x), .int(let y)): .int(divide(x, y))
        case (.add, .duration(let x), .duration(let y)): .duration(x &+ y)
        case (.subtract, .duration(let x), .duration(let y)): .duration(x &- y)
        case (.multiply, .duration(let x), .int(let y)), (.multiply, .int(let y), .duration(let x)):
            .duration(x &* y)
        case (.divide, .duration(let x), .int(let y)): .duration(divide(x, y))
        default: nil
        }
    }

    /// Division as the language defines it: by zero gives 0, and `Int64.min / -1` wraps.
    private static func divide(_ x: Int64, _ y: Int64) -> Int64 {
        if y == 0 { return 0 }
        if y == -1 { return 0 &- x }
        return x / y
    }
}

/// Renders milliseconds the way a `.tips` file writes durations: `90s` → `1m30s`, by the
/// package's one rule (`DurationText`).
func lintDurationText(_ ms: Int64) -> String { DurationText.format(ms) }
