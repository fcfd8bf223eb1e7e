/// Prefix operators.
public enum UnaryOperator: String, Sendable, Hashable {
    case not = "!"
    case negate = "-"
}

/// Infix operators, lowest precedence first:
/// `||`; `&&`; comparisons (non-associative); `??` (right); `+ -`; `* / %`.
public enum BinaryOperator: String, Sendable, Hashable, CaseIterable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case coalesce = "??"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    /// Binding strength; higher binds tighter.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: 3
        case .coalesce: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }

    /// Whether this is one of the six comparisons.
    public var isComparison: Bool { precedence == 3 }
}
