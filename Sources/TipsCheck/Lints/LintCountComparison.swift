import TipsSource
import TipsSyntax

/// A comparison between a counting event query and an integer constant, e.g.
/// `count(manualSave within 7d) >= 3` or `3 <= count(manualSave)`, normalised so that the
/// query is on the left.
struct LintCountComparison {
    /// The `count`, `largestGroup` or `smallestGroup` query.
    var query: EventQuerySyntax
    /// The operator as if the query were on the left (`3 < q` becomes `q > 3`).
    var op: BinaryOperator
    /// The constant compared with.
    var constant: Int64
    /// Whether the query was written on the left.
    var queryOnLeft: Bool
    /// The operator's range.
    var operatorRange: SourceRange
    /// The whole comparison.
    var range: SourceRange

    init?(_ expr: ExprSyntax, names: [String: ExprSyntax] = [:]) {
        guard case .binary(let written, let l, let r, let opRange, let range) = expr.lintUnparenthesized,
              written.isComparison else { return nil }
        if case .query(let q) = l.lintUnparenthesized, Self.counts(q), let k = LintConstant.int(r, names: names) {
            self.init(query: q, op: written, constant: k, queryOnLeft: true, operatorRange: opRange, range: range)
        } else if case .query(let q) = r.lintUnparenthesized, Self.counts(q), let k = LintConstant.int(l, names: names) {
            self.init(query: q, op: Self.flipped(written), constant: k, queryOnLeft: false,
                      operatorRange: opRange, range: range)
        } else {
            return nil
        }
    }

    private init(query: EventQuerySyntax, op: BinaryOperator, constant: Int64, queryOnLeft: Bool,
                 operatorRange: SourceRange, range: SourceRange) {
        self.query = query
        self.op = op
        self.constant = constant
        self.queryOnLeft = queryOnLeft
        self.operatorRange = operatorRange
        self.range = range
    }

    /// The smallest count (>= 0) for which the comparison holds, or `nil` if none does.
    var minimumCount: Int64? {
        switch op {
        case .greaterEqual, .equal: constant >= 0 ? constant : (op == .equal ? nil : 0)
        case .greater: constant >= 0 ? (constant == .max ? nil : constant + 1) : 0
        case .less: constant > 0 ? 0 : nil
        case .lessEqual: constant >= 0 ? 0 : nil
        case .notEqual: constant == 0 ? 1 : 0
        default: nil
        }
    }

    /// Whether the query produces a number of donations.
    static func counts(_ q: EventQuerySyntax) -> Bool {
        switch q.function {
        case .count, .largestGroup, .smallestGroup, .days: true
        case .first, .last: false
        }
    }

    /// `a op b` as `b op' a`.
    static func flipped(_ op: BinaryOperator) -> BinaryOperator {
        switch op {
        case .less: .greater
        case .lessEqual: .greaterEqual
        case .greater: .less
        case .greaterEqual: .lessEqual
        default: op
        }
    }
}
