/// A comparison relation, as operand A of `compareString` and in filter terms.
public enum Relation: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case eq = 0, ne = 1, lt = 2, le = 3, gt = 4, ge = 5
    /// Filter only: the Bool field is true (the term's constant is ignored and must be none).
    case isTrue = 6
    /// Filter only: the Bool field is false.
    case isFalse = 7

    /// True for `< <= > >=`.
    public var isOrdering: Bool { self == .lt || self == .le || self == .gt || self == .ge }

    public var description: String {
        switch self {
        case .eq: return "=="
        case .ne: return "!="
        case .lt: return "<"
        case .le: return "<="
        case .gt: return ">"
        case .ge: return ">="
        case .isTrue: return "is true"
        case .isFalse: return "is false"
        }
    }
}
