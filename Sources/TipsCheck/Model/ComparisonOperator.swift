/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="

    /// The operator with its operands swapped: `a < b` is `b > a`.
    public var flipped: ComparisonOperator {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessEqual: .greaterEqual
        case .greater: .less
        case .greaterEqual: .lessEqual
        }
    }

    /// Whether this is `<`, `<=`, `>` or `>=`.
    public var isOrdering: Bool { self != .equal && self != .notEqual }
}
