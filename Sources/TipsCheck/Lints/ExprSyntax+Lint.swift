import TipsSyntax

// Members carry a `lint` prefix: the checker extends the same public types in the same
// module, and two helpers both called `children` would not compile once merged.
extension ExprSyntax {
    /// The expression without any parentheses around it.
    var lintUnparenthesized: ExprSyntax {
        var e = self
        while case .paren(let inner, _) = e { e = inner }
        return e
    }

    /// The direct sub-expressions, a query's filter and window included.
    var lintChildren: [ExprSyntax] {
        switch self {
        case .integer, .double, .duration, .string, .bool, .nilLiteral, .now, .name, .enumCase, .missing:
            []
        case .member(let base, _, _): [base]
        case .methodCall(let base, _, let args, _): [base] + args
        case .call(_, let args, _): args
        case .query(let q): [q.filter, q.window].compactMap { $0 }
        case .setLiteral(let elements, _): elements
        case .unary(_, let operand, _, _): [operand]
        case .binary(_, let l, let r, _, _): [l, r]
        case .paren(let inner, _): [inner]
        }
    }

    /// Calls `visit` on this expression and every sub-expression, parents first.
    ///
    /// Depth is bounded by the parser's nesting limit, so recursion is safe.
    func lintForEachNode(_ visit: (ExprSyntax) -> Void) {
        visit(self)
        lintForEachChild { $0.lintForEachNode(visit) }
    }

    /// Calls `body` on each of `lintChildren`, in order, without building the array (the
    /// walks over every node of a 10,000-tip catalog allocated one per node).
    func lintForEachChild(_ body: (ExprSyntax) -> Void) {
        switch self {
        case .integer, .double, .duration, .string, .bool, .nilLiteral, .now, .name, .enumCase, .missing:
            return
        case .member(let base, _, _): body(base)
        case .methodCall(let base, _, let args, _):
            body(base)
            for a in args { body(a) }
        case .call(_, let args, _): for a in args { body(a) }
        case .query(let q):
            if let f = q.filter { body(f) }
            if let w = q.window { body(w) }
        case .setLiteral(let elements, _): for e in elements { body(e) }
        case .unary(_, let operand, _, _): body(operand)
        case .binary(_, let l, let r, _, _):
            body(l)
            body(r)
        case .paren(let inner, _): body(inner)
        }
    }

    /// Every event query in the expression.
    var lintQueries: [EventQuerySyntax] {
        var out: [EventQuerySyntax] = []
        lintForEachNode { if case .query(let q) = $0 { out.append(q) } }
        return out
    }

    /// The bare names the expression reads, outside query filters (where names are payload
    /// fields). The base of `Category.books` is included; callers match against parameter
    /// names, which an enumeration cannot share.
    var lintParameterNames: [Identifier] {
        switch self {
        case .name(let id): return [id]
        case .query: return []
        default:
            var out: [Identifier] = []
            lintForEachChild { out += $0.lintParameterNames }
            return out
        }
    }

    /// The operands of a chain of `&&`, parentheses looked through.
    var lintConjuncts: [ExprSyntax] {
        if case .binary(.and, let l, let r, _, _) = lintUnparenthesized {
            return l.lintConjuncts + r.lintConjuncts
        }
        return [self]
    }

    /// A rendering that ignores layout, comments and ranges: two expressions written
    /// differently only in whitespace render the same.
    var lintCanonicalText: String {
        switch self {
        case .integer(let v, _): return String(v)
        case .double(let v, _): return String(v)
        case .duration(let v, _): return lintDurationText(v)
        case .string(let s): return s.lintCanonicalText
        case .bool(let v, _): return String(v)
        case .nilLiteral: return "nil"
        case .now: return "now"
        case .name(let id): return id.name
        case .enumCase(let id, _): return "." + id.name
        case .member(let base, let id, _): return base.lintCanonicalText + "." + id.name
        case .methodCall(let base, let id, let args, _):
            return base.lintCanonicalText + "." + id.name + "(" + args.map(\.lintCanonicalText).joined(separator: ",") + ")"
        case .call(let id, let args, _):
            return id.name + "(" + args.map(\.lintCanonicalText).joined(separator: ",") + ")"
        case .query(let q):
            var s = q.function.rawValue + "(" + q.event.name
            if let by = q.groupBy { s += " by " + by.name }
            if let f = q.filter { s += " where " + f.lintCanonicalText }
            if let w = q.window { s += " within " + w.lintCanonicalText }
            return s + ")"
        case .setLiteral(let elements, _): return "[" + elements.map(\.lintCanonicalText).joined(separator: ",") + "]"
        case .unary(let op, let operand, _, _): return op.rawValue + operand.lintCanonicalText
        case .binary(let op, let l, let r, _, _): return l.lintCanonicalText + op.rawValue + r.lintCanonicalText
        case .paren(let inner, _): return "(" + inner.lintCanonicalText + ")"
        case .missing: return "<missing>"
        }
    }
}

extension StringLiteralSyntax {
    /// The literal as source text with escapes normalised, for comparisons.
    var lintCanonicalText: String {
        var s = "\""
        for segment in segments {
            switch segment {
            case .text(let t): s += t.debugDescription.dropFirst().dropLast()
            case .interpolation(let id): s += "\\(" + id.name + ")"
            }
        }
        return s + "\""
    }

    /// The literal text with interpolations left out, and whether there were any.
    var lintVisibleText: (text: String, interpolated: Bool) {
        var out = ""
        var interpolated = false
        for segment in segments {
            switch segment {
            case .text(let t): out += t
            case .interpolation: interpolated = true
            }
        }
        return (out, interpolated)
    }

    /// The names interpolated with `\(name)`.
    var lintInterpolatedNames: [String] {
        segments.compactMap { if case .interpolation(let id) = $0 { id.name } else { nil } }
    }
}
