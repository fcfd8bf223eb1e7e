extension CatalogModel {
    /// A compact S-expression of a checked expression, with names in place of indices:
    /// `(>= (count manualSave within:604800000ms) 3)`. For tests, golden files and `--dump`
    /// output; the format is stable but not meant to be parsed.
    public func dump(_ e: CheckedExpr) -> String {
        switch e.kind {
        case .constant(let c): return dump(c)
        case .parameter(let i): return i < parameters.count ? parameters[i].name : "param#\(i)"
        case .now: return "now"
        case .platformIn(let names): return "(platform " + names.joined(separator: " ") + ")"
        case .calendar(let field): return field.rawValue
        case .lifetime(let instant): return instant.rawValue
        case .argument(let i): return "arg#\(i)"
        case .not(let x): return "(! \(dump(x)))"
        case .negate(let k, let x): return "(neg.\(k.rawValue) \(dump(x)))"
        case .intToDouble(let x): return "(double \(dump(x)))"
        case .and(let l, let r): return "(&& \(dump(l)) \(dump(r)))"
        case .or(let l, let r): return "(|| \(dump(l)) \(dump(r)))"
        case .arithmetic(let op, let l, let r): return "(\(op.rawValue) \(dump(l)) \(dump(r)))"
        case .compare(let op, _, let l, let r): return "(\(op.rawValue) \(dump(l)) \(dump(r)))"
        case .coalesce(let l, let r): return "(?? \(dump(l)) \(dump(r)))"
        case .builtin(let b, let args): return "(\(b.rawValue)" + args.map { " " + dump($0) }.joined() + ")"
        case .query(let q): return dump(q)
        }
    }

    /// A query as `(count event by:field where:[...] within:Nms)`.
    public func dump(_ q: EventQuery) -> String {
        let event = q.event < events.count ? events[q.event] : nil
        var out = "(\(q.function.rawValue) \(event?.name ?? "event#\(q.event)")"
        func fieldName(_ i: Int) -> String {
            guard let event, i < event.fields.count else { return "field#\(i)" }
            return event.fields[i].name
        }
        if let g = q.groupBy { out += " by:\(fieldName(g))" }
        if !q.filter.isEmpty {
            out += " where:[" + q.filter.map { "\(fieldName($0.field)) \($0.op.rawValue) \($0.argument.map { "arg#\($0)" } ?? dump($0.value))" }
                .joined(separator: ", ") + "]"
        }
        if let w = q.window { out += " within:\(w)ms" }
        return out + ")"
    }

    /// A constant as written in dumps: `3`, `2.5`, `"s"`, `90000ms`, `@0`, `Category.books`.
    public func dump(_ c: ConstantValue) -> String {
        switch c {
        case .bool(let b): return b ? "true" : "false"
        case .int(let v): return "\(v)"
        case .double(let v): return "\(v)"
        case .string(let s): return "\"\(s)\""
        case .duration(let v): return "\(v)ms"
        case .date(let v): return "@\(v)"
        case .enumCase(let e, let i):
            guard e < enums.count, i < enums[e].cases.count else { return "enum#\(e).\(i)" }
            return "\(enums[e].name).\(enums[e].cases[i])"
        case .stringSet(let s): return "[" + s.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .none: return "nil"
        }
    }
}
