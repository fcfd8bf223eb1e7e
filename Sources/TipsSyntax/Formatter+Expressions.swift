import TipsSource
import TipsTime

/// Expressions on one line: binary operators spaced, nothing inside brackets, literals as
/// written. The author's parentheses are in the tree (`.paren`); others are added only where
/// a hand-built tree needs them to keep its shape.
extension FormatWriter {
    func expr(_ e: ExprSyntax) -> String {
        switch e {
        case .integer(let value, let r): sourceText(r) ?? String(value)
        case .double(let value, let r): sourceText(r) ?? "\(value)"
        case .duration(let ms, let r): sourceText(r) ?? Self.durationText(ms)
        case .string(let s): string(s)
        case .bool(let value, _): value ? "true" : "false"
        case .nilLiteral: "nil"
        case .now: "now"
        case .name(let id): id.name
        case .enumCase(let id, _): "." + id.name
        case .member(let base, let member, _): postfixBase(base) + "." + member.name
        case .methodCall(let base, let method, let args, _):
            postfixBase(base) + "." + method.name + "(" + exprList(args) + ")"
        case .call(let function, let args, _): function.name + "(" + exprList(args) + ")"
        case .query(let q): query(q)
        case .setLiteral(let elements, _): "[" + exprList(elements) + "]"
        case .unary(let op, let operand, _, _):
            op.rawValue + (Self.isBinary(operand) ? "(\(expr(operand)))" : expr(operand))
        case .binary(let op, let lhs, let rhs, _, _):
            operand(lhs, of: op, isLeft: true) + " " + op.rawValue + " " + operand(rhs, of: op, isLeft: false)
        case .paren(let inner, _): "(" + expr(inner) + ")"
        case .missing(let r): sourceText(r) ?? ""
        }
    }

    func exprList(_ list: [ExprSyntax]) -> String {
        list.map { expr($0) }.joined(separator: ", ")
    }

    /// `count(e by f where filter within 7d)`.
    func query(_ q: EventQuerySyntax) -> String {
        var out = "\(q.function.rawValue)(\(q.event.name)"
        if let groupBy = q.groupBy { out += " by \(groupBy.name)" }
        if let filter = q.filter { out += " where \(expr(filter))" }
        if let window = q.window { out += " within \(expr(window))" }
        return out + ")"
    }

    /// The base of `.member` or `.method()`: an operator expression needs parentheses.
    private func postfixBase(_ base: ExprSyntax) -> String {
        switch base {
        case .unary, .binary: "(\(expr(base)))"
        default: expr(base)
        }
    }

    /// An operand of `op`, parenthesised if printing it bare would regroup the tree:
    /// lower precedence on either side, or equal precedence on the side the operator does
    /// not associate to (comparisons associate to neither side, `??` to the right).
    private func operand(_ e: ExprSyntax, of op: BinaryOperator, isLeft: Bool) -> String {
        guard case .binary(let inner, _, _, _, _) = e else { return expr(e) }
        let needsParens: Bool
        if inner.precedence != op.precedence {
            needsParens = inner.precedence < op.precedence
        } else if op.isComparison {
            needsParens = true
        } else if op == .coalesce {
            needsParens = isLeft
        } else {
            needsParens = !isLeft
        }
        return needsParens ? "(\(expr(e)))" : expr(e)
    }

    private static func isBinary(_ e: ExprSyntax) -> Bool {
        if case .binary = e { return true }
        return false
    }

    /// A string literal exactly as written (escapes and all); re-encoded from its segments
    /// only for a hand-built literal without source.
    func string(_ s: StringLiteralSyntax) -> String {
        if let text = sourceText(s.range), text.hasPrefix("\"") { return text }
        var out = "\""
        for segment in s.segments {
            switch segment {
            case .text(let text):
                out += StringLiteralText.escaped(text)
            case .interpolation(let name):
                out += "\\(\(name.name))"
            }
        }
        return out + "\""
    }

    /// A duration in milliseconds as a literal, largest unit first: `1h30m`, `500ms`
    /// (`DurationText`; a literal is never negative, and zero is written `0ms`).
    static func durationText(_ ms: Int64) -> String { DurationText.format(ms, zero: "0ms") }
}
