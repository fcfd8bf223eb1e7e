import TipsSource
import TipsSyntax

extension CatalogChecker {
    /// An action: unique id within its tip, a title, and effects.
    mutating func action(_ a: ActionSyntax, ids: inout [String: SourceRange]) -> Action {
        let id = plainString(a.id, what: "an action id") ?? ""
        if let first = ids[id] {
            error(.duplicateActionID, "duplicate action id '\(id)'", at: a.id.range, notes: [Note("first used here", at: first)])
        } else {
            ids[id] = a.id.range
        }
        var title = Text.literal(.literal("", range: a.id.range))
        if let t = a.title {
            title = text(t)
        } else {
            error(.missingActionTitle, "action '\(id)' has no title", at: a.id.range)
        }
        var effects: [Effect] = []
        var snoozeAt: SourceRange?
        var invalidateAt: SourceRange?
        for effect in a.effects {
            switch effect {
            case .snooze(_, _, let r):
                // One snooze per action: a second would only count twice against the limit.
                if let first = snoozeAt {
                    error(.invalidSnooze, "action '\(id)' already snoozes its tip", at: r,
                          notes: [Note("the first snooze is here", at: first)])
                    continue
                }
                snoozeAt = r
            case .invalidate(_, let r): invalidateAt = invalidateAt ?? r
            default: break
            }
            if let e = self.effect(effect) { effects.append(e) }
        }
        if let s = snoozeAt, let i = invalidateAt {
            // Invalidation is permanent, so the snooze could never end: one of them is a mistake.
            error(.invalidSnooze, "action '\(id)' both snoozes and invalidates its tip", at: s,
                  notes: [Note("the invalidate is here", at: i),
                          Note("'snooze INTERVAL' hides the tip for a while; 'invalidate' ends it for good; "
                               + "'snooze INTERVAL limit N' ends it after N snoozes")])
        }
        var action = Action(id: id, title: title, effects: effects, range: a.range)
        action.condition = a.condition.flatMap { contentCondition($0) }
        return action
    }

    private mutating func effect(_ syntax: EffectSyntax) -> Effect? {
        switch syntax {
        case .invalidate(let reasonID, let r):
            return reason(reasonID).map { .invalidate($0, range: r) }
        case .set(let id, let expr, let r):
            guard let index = resolveParameter(id) else { return nil }
            let parameter = model.parameters[index]
            let value = typeExpr(expr, expected: parameter.type)
            if value.type.isError || parameter.type.isError { return nil }
            guard let coerced = coerce(value, to: parameter.type) else {
                error(.typeMismatch, "cannot assign a value of type '\(typeName(value.type))' to parameter "
                      + "'\(parameter.name)' of type '\(typeName(parameter.type))'", at: expr.range)
                return nil
            }
            return .set(parameter: index, value: coerced, range: r)
        case .donate(let id, let values, let r):
            guard let event = resolveEvent(id) else { return nil }
            return donation(event, values, range: r)
        case .snooze(let interval, let limit, let r):
            return snooze(interval: interval, limit: limit, range: r)
        }
    }

    /// `donate e(field: value, ...)`: each payload field exactly once, of its type.
    private mutating func donation(_ event: Int, _ values: [FieldValueSyntax], range: SourceRange) -> Effect? {
        let e = model.events[event]
        var checked: [CheckedExpr?] = Array(repeating: nil, count: e.fields.count)
        var seen: [String: SourceRange] = [:]
        var ok = true
        for value in values {
            if let first = seen[value.field.name] {
                error(.invalidDonation, "field '\(value.field.name)' is given twice", at: value.field.range,
                      notes: [Note("first given here", at: first)])
                ok = false
                continue
            }
            seen[value.field.name] = value.field.range
            guard let f = field(value.field, of: event) else { ok = false; continue }
            let type = e.fields[f].type
            let typed = typeExpr(value.value, expected: type)
            if typed.type.isError || type.isError { ok = false; continue }
            guard let coerced = coerce(typed, to: type) else {
                error(.typeMismatch, "field '\(e.fields[f].name)' of event '\(e.name)' has type '\(typeName(type))', "
                      + "found '\(typeName(typed.type))'", at: value.value.range)
                ok = false
                continue
            }
            checked[f] = coerced
        }
        let missing = e.fields.indices.filter { checked[$0] == nil && seen[e.fields[$0].name] == nil }
        if !missing.isEmpty {
            let list = missing.map { "'\(e.fields[$0].name)'" }.joined(separator: ", ")
            error(.invalidDonation, "donation of '\(e.name)' is missing \(missing.count == 1 ? "field" : "fields") \(list)",
                  at: range)
            ok = false
        }
        guard ok else { return nil }
        return .donate(event: event, values: checked.compactMap { $0 }, range: range)
    }

    /// The index of parameter `id`, or nil after reporting it.
    mutating func resolveParameter(_ id: Identifier) -> Int? {
        guard let entry = symbols[id.name] else {
            unknown(.unknownParameter, "parameter", id, candidates: parameterNames)
            return nil
        }
        guard case .parameter(let index) = entry.symbol else {
            wrongKind(id, entry, expected: "a parameter")
            return nil
        }
        return index
    }
}
