import TipsBytecode
import TipsCheck

/// Event queries and payload filters.
extension Lowering {
    /// The instruction computing `q`: the cheapest opcode for its shape.
    mutating func lowerQuery(_ q: EventQuery, into p: inout ProgramBuilder) {
        switch q.function {
        case .count:
            if q.filter.isEmpty && q.window == nil {
                p.emit(.countEvent, bx: q.event)
            } else {
                p.emit(q.filter.isEmpty ? .countWithin : .countWhere, bx: Int(queryIndex(q)))
            }
        case .largestGroup: p.emit(.largestGroup, bx: Int(queryIndex(q)))
        case .smallestGroup: p.emit(.smallestGroup, bx: Int(queryIndex(q)))
        case .first: p.emit(.firstTime, bx: Int(queryIndex(q)))
        case .last: p.emit(.lastTime, bx: Int(queryIndex(q)))
        case .days: p.emit(.countDays, bx: Int(queryIndex(q)))
        }
    }

    /// The query-table index of `q` (equal queries share an entry).
    mutating func queryIndex(_ q: EventQuery) -> UInt32 {
        let group = q.groupBy.map { UInt32($0) } ?? noIndex
        return builder.query(Query(event: UInt32(q.event), window: q.window,
                                   filter: filterIndex(q.filter, event: q.event), groupField: group))
    }

    /// The filter-table index of a conjunction, or `noIndex` when it is empty. A Bool field
    /// test becomes `isTrue`/`isFalse`; other terms compare with a pool constant of the
    /// comparison's domain (a Double constant against an Int field compares the promoted field).
    mutating func filterIndex(_ filter: [FilterComparison], event: Int) -> UInt32 {
        guard !filter.isEmpty else { return noIndex }
        var terms: [FilterTerm] = []
        for c in filter {
            if let a = c.argument {
                terms.append(FilterTerm(field: UInt32(c.field), relation: Lowering.relation(c.op), constant: argumentConstant(a)))
                continue
            }
            if case .bool(let b) = c.value, c.op == .equal || c.op == .notEqual {
                let isTrue = b == (c.op == .equal)
                terms.append(FilterTerm(field: UInt32(c.field), relation: isTrue ? .isTrue : .isFalse, constant: noIndex))
                continue
            }
            let k = builder.constant(constant(c.value, type: TipsCheck.ValueType.bool))
            terms.append(FilterTerm(field: UInt32(c.field), relation: Lowering.relation(c.op), constant: k))
        }
        return builder.filter(Filter(terms: terms))
    }
}
