import TipsBytecode
import TipsCheck

/// Fused instructions for the two commonest rule shapes:
///
/// - `count(q) OP k` with a small constant k becomes `countAtLeast` (which stops scanning
///   once k matches are found, or needs one binary search unfiltered), negated for `<`/`<=`;
/// - `param == constant` (and `!=`, negated) on a non-Double parameter becomes `paramEqConst`.
extension Lowering {
    /// Emits a fused form of `e` if it has one; false (nothing emitted) otherwise.
    mutating func lowerFused(_ e: CheckedExpr, at here: SourceMapEntry, into p: inout ProgramBuilder) -> Bool {
        guard case .compare(let op, let domain, let l, let r) = e.kind else { return false }
        if domain == .int, let (q, k, cmp) = Lowering.countShape(op, l, r) {
            return lowerCountAtLeast(q, k, cmp, at: here, into: &p)
        }
        if op == .equal || op == .notEqual, domain != .double {
            if case .parameter(let i) = l.kind, let c = r.constantValue {
                return lowerParamEquals(i, c, domain, negated: op == .notEqual, at: here, into: &p)
            }
            if case .parameter(let i) = r.kind, let c = l.constantValue {
                return lowerParamEquals(i, c, domain, negated: op == .notEqual, at: here, into: &p)
            }
        }
        return false
    }

    /// `count(q) cmp k` with the query on the left, if `l OP r` has that shape.
    static func countShape(_ op: ComparisonOperator, _ l: CheckedExpr, _ r: CheckedExpr)
        -> (EventQuery, Int64, ComparisonOperator)? {
        if case .query(let q) = l.kind, q.function == .count, case .int(let k)? = r.constantValue { return (q, k, op) }
        if case .query(let q) = r.kind, q.function == .count, case .int(let k)? = l.constantValue { return (q, k, op.flipped) }
        return nil
    }

    private mutating func lowerCountAtLeast(_ q: EventQuery, _ k: Int64, _ op: ComparisonOperator,
                                            at here: SourceMapEntry, into p: inout ProgramBuilder) -> Bool {
        // count >= k, count > k (>= k+1), count < k (!(>= k)), count <= k (!(>= k+1)).
        let threshold: Int64
        let negate: Bool
        switch op {
        case .greaterEqual: (threshold, negate) = (k, false)
        case .less: (threshold, negate) = (k, true)
        case .greater, .lessEqual:
            guard k < 255 else { return false }
            (threshold, negate) = (k + 1, op == .lessEqual)
        case .equal, .notEqual: return false
        }
        guard (0...255).contains(threshold) else { return false }
        let index = queryIndex(q)
        guard index <= 0xFFFF else { return false }
        p.location = here
        p.emit(.countAtLeast, a: Int(threshold), k: Int(index))
        if negate { p.emit(.not) }
        return true
    }

    private mutating func lowerParamEquals(_ param: Int, _ value: ConstantValue, _ domain: ComparisonDomain, negated: Bool,
                                           at here: SourceMapEntry, into p: inout ProgramBuilder) -> Bool {
        guard param <= 0xFFFF else { return false }
        let c: Constant = value == .none ? .nil(bytecodeType(domain)) : constant(value, type: TipsCheck.ValueType.bool)
        let index = builder.constant(c)
        guard index <= 0xFF else { return false }
        p.location = here
        p.emit(.paramEqConst, a: Int(index), k: param)
        if negated { p.emit(.not) }
        return true
    }
}
