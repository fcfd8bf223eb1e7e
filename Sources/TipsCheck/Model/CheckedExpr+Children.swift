extension CheckedExpr {
    /// The direct operands, in evaluation order (a query's filter holds constants only, so
    /// a query has none). Lets passes walk the tree without repeating the switch.
    public var children: [CheckedExpr] {
        switch kind {
        case .constant, .parameter, .now, .platformIn, .calendar, .lifetime, .argument, .query: []
        case .not(let x), .negate(_, let x), .intToDouble(let x): [x]
        case .and(let l, let r), .or(let l, let r), .arithmetic(_, let l, let r), .compare(_, _, let l, let r),
             .coalesce(let l, let r):
            [l, r]
        case .builtin(_, let args): args
        }
    }

    /// Every event query in this expression, in evaluation order.
    public var queries: [EventQuery] {
        if case .query(let q) = kind { return [q] }
        return children.flatMap(\.queries)
    }

    /// Every tip argument index read by this expression, its queries' filters included.
    public var argumentReads: [Int] {
        if case .argument(let i) = kind { return [i] }
        if case .query(let q) = kind { return q.filter.compactMap(\.argument) }
        return children.flatMap(\.argumentReads)
    }

    /// Every parameter index read by this expression, in evaluation order (repeats kept).
    public var parameterReads: [Int] {
        if case .parameter(let i) = kind { return [i] }
        return children.flatMap(\.parameterReads)
    }
}
