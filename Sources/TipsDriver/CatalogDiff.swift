import TipsSource

/// Compares two catalog schemas: every change that affects users' saved state or what they
/// see (Docs/diff.md). Pure and deterministic: changes come sorted by kind (enums,
/// parameters, events, tips, groups, configuration), then name, then code.
public enum CatalogDiff {
    public static func compare(old: CatalogSchema, new: CatalogSchema) -> [CatalogChange] {
        var changes: [CatalogChange] = []
        enums(old, new, &changes)
        params(old, new, &changes)
        events(old, new, &changes)
        // Rules and triggers in the new names of declared renames: a rename alone is no rule change.
        tips(renamed(old, to: new), new, &changes)
        groups(old, new, &changes)
        if old.displayFrequency != new.displayFrequency {
            changes.append(CatalogChange(.displayFrequencyChanged, .config, "displayFrequency",
                "display frequency changed from \(CatalogSchema.frequency(old.displayFrequency)) to "
                    + "\(CatalogSchema.frequency(new.displayFrequency)); the cooldown since the last first display applies at once",
                old: CatalogSchema.frequency(old.displayFrequency), new: CatalogSchema.frequency(new.displayFrequency)))
        }
        budgets(old, new, &changes)
        let order: [CatalogChange.Kind] = [.enum, .param, .event, .tip, .group, .config]
        return changes.enumerated().sorted { a, b in
            let ka = order.firstIndex(of: a.element.kind) ?? 0
            let kb = order.firstIndex(of: b.element.kind) ?? 0
            if ka != kb { return ka < kb }
            if a.element.name != b.element.name { return a.element.name < b.element.name }
            if a.element.code != b.element.code { return a.element.code.rawValue < b.element.code.rawValue }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// `old` with its rules and triggers written in the new names of declared renames, so
    /// a rename alone does not read as a changed rule.
    private static func renamed(_ old: CatalogSchema, to new: CatalogSchema) -> CatalogSchema {
        let oldNames = Set(old.params.map(\.name) + old.events.map(\.name))
        var map: [String: String] = [:]
        for p in new.params { if let from = p.renamedFrom, oldNames.contains(from) { map[from] = p.name } }
        for e in new.events { if let from = e.renamedFrom, oldNames.contains(from) { map[from] = e.name } }
        // Renamed with the key kept: the same parameter or event under a new name.
        let newParams = byName(new.params, \.identity), newEvents = byName(new.events, \.identity)
        for p in old.params { if let n = newParams[p.identity], n.name != p.name { map[p.name] = n.name } }
        for e in old.events { if let n = newEvents[e.identity], n.name != e.name { map[e.name] = n.name } }
        let oldCases = Set(old.enums.flatMap(\.cases))
        for e in new.enums {
            for (from, to) in e.renamedCases where oldCases.contains(from) && !oldNames.contains(from) { map[from] = to }
        }
        guard !map.isEmpty else { return old }
        var out = old
        for i in out.tips.indices {
            out.tips[i].rules = out.tips[i].rules.map { replacingWords(in: $0, map) }
            out.tips[i].triggers = out.tips[i].triggers.map { replacingWords(in: $0, map) }
        }
        return out
    }

    /// `text` with every identifier that `map` names replaced (string literals left alone).
    public static func replacingWords(in text: String, _ map: [String: String]) -> String {
        var out = ""
        var word = ""
        var inString = false
        var escaped = false
        func flush() {
            out += map[word] ?? word
            word = ""
        }
        for c in text {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
            } else {
                flush()
                if c == "\"" { inString = true }
                out.append(c)
            }
        }
        flush()
        return out
    }

    private static func byName<T>(_ items: [T], _ name: (T) -> String) -> [String: T] {
        Dictionary(items.map { (name($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func enums(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        let newEnums = byName(new.enums, \.name)
        for e in old.enums {
            guard let n = newEnums[e.name] else { continue }  // users of the type report a retype
            for c in e.cases where !n.cases.contains(c) {
                if let renamed = n.renamedCases[c] {
                    changes.append(CatalogChange(.caseRenamed, .enum, e.name,
                        "case '\(e.name).\(c)' renamed to '\(e.name).\(renamed)' (declared with renamedFrom): stored values read as the new case",
                        old: c, new: renamed))
                    continue
                }
                changes.append(CatalogChange(.caseRemoved, .enum, e.name,
                    "case '\(e.name).\(c)' removed: parameters and payload fields that users' journals hold with it no longer read back",
                    old: c))
            }
            let renamedTo = Set(e.cases.compactMap { n.renamedCases[$0] })
            for c in n.cases where !e.cases.contains(c) && !renamedTo.contains(c) {
                changes.append(CatalogChange(.caseAdded, .enum, e.name, "case '\(e.name).\(c)' added", new: c))
            }
        }
    }

    private static func params(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        // Users' values are stored under the identity (key, else name): match by it.
        let newParams = byName(new.params, \.identity)
        let oldParams = byName(old.params, \.identity)
        let newByName = byName(new.params, \.name)
        let renamedTo = Dictionary(new.params.compactMap { n in n.renamedFrom.map { ($0, n) } }, uniquingKeysWith: { a, _ in a })
        var renamed: Set<String> = []
        for p in old.params {
            // A transient parameter is never read back from the journal: its changes lose nothing.
            let transient: Severity? = p.isTransient ? .note : nil
            var match = newParams[p.identity]
            if let n = match, n.name != p.name {
                changes.append(CatalogChange(.paramRenamedKeyKept, .param, n.name,
                    "parameter '\(p.name)' renamed to '\(n.name)'; its key \"\(n.identity)\" is unchanged, so users keep its values",
                    old: p.name, new: n.name))
            }
            if match == nil, let r = renamedTo[p.identity], oldParams[r.identity] == nil {
                match = r
                renamed.insert(r.name)
                changes.append(CatalogChange(.paramRenamed, .param, r.name,
                    "parameter '\(p.name)' renamed to '\(r.name)' (declared with renamedFrom): users' values carry over",
                    old: p.name, new: r.name))
            }
            if match == nil, let n = newByName[p.name], oldParams[n.identity] == nil, !p.isTransient || !n.isTransient {
                match = n
                renamed.insert(n.name)
                changes.append(CatalogChange(.paramKeyChanged, .param, n.name,
                    "parameter '\(n.name)' is stored under \"\(n.identity)\" instead of \"\(p.identity)\": the values users set stay under "
                        + "\"\(p.identity)\", unread; keep the old key (`key \"\(p.identity)\"`), or allow D127 if the reset is meant",
                    old: p.identity, new: n.identity, severity: transient))
            }
            guard let n = match else {
                // A parameter added with the same type and persistence is probably this one renamed.
                let twin = new.params.first { oldParams[$0.identity] == nil && $0.type == p.type && $0.isTransient == p.isTransient }
                changes.append(CatalogChange(.paramRemoved, .param, p.name,
                    p.isTransient ? "transient parameter '\(p.name)' removed"
                        : "parameter '\(p.name)' removed: the values users set stay in their journals, unread; "
                            + (twin.map { "if '\($0.name)' (added, also \(p.type)) is its new name, declare it: 'renamedFrom \(p.name)'" }
                                ?? "a rename loses them (declare it with renamedFrom, or allow D120 if the removal is meant)"),
                    old: p.type, severity: transient))
                continue
            }
            if p.type != n.type {
                changes.append(CatalogChange(.paramRetyped, .param, p.name,
                    "parameter '\(p.name)' changed type from \(p.type) to \(n.type): values users stored as \(p.type) no longer read back",
                    old: p.type, new: n.type, severity: p.isTransient && n.isTransient ? .note : nil))
            }
            if p.defaultValue != n.defaultValue {
                changes.append(CatalogChange(.paramDefaultChanged, .param, p.name,
                    "default of '\(p.name)' changed from \(p.defaultValue) to \(n.defaultValue): rules see the new value "
                        + "for every user who never set it",
                    old: p.defaultValue, new: n.defaultValue))
            }
            if p.isTransient != n.isTransient {
                changes.append(CatalogChange(.paramPersistenceChanged, .param, p.name,
                    n.isTransient
                        ? "parameter '\(p.name)' became transient: values users saved are no longer read back; it starts at its default on every launch"
                        : "parameter '\(p.name)' is no longer transient: from now on its value persists across launches",
                    old: p.isTransient ? "transient" : "persistent", new: n.isTransient ? "transient" : "persistent"))
            }
        }
        for n in new.params where oldParams[n.identity] == nil && !renamed.contains(n.name) {
            changes.append(CatalogChange(.paramAdded, .param, n.name, "parameter '\(n.name)' added", new: n.type))
        }
    }

    /// `(name: Type, ...)`: how the diff and the app check of publishing render fields.
    static func fieldList(_ fields: [CatalogSchema.Field]) -> String {
        "(" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    private static func events(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        // Users' donations are stored under the identity (key, else name): match by it.
        let newEvents = byName(new.events, \.identity)
        let oldEvents = byName(old.events, \.identity)
        let newByName = byName(new.events, \.name)
        let renamedTo = Dictionary(new.events.compactMap { n in n.renamedFrom.map { ($0, n) } }, uniquingKeysWith: { a, _ in a })
        var renamed: Set<String> = []
        for e in old.events {
            var match = newEvents[e.identity]
            if let n = match, n.name != e.name {
                changes.append(CatalogChange(.eventRenamedKeyKept, .event, n.name,
                    "event '\(e.name)' renamed to '\(n.name)'; its key \"\(n.identity)\" is unchanged, so users keep its donations",
                    old: e.name, new: n.name))
            }
            if match == nil, let r = renamedTo[e.identity], oldEvents[r.identity] == nil {
                match = r
                renamed.insert(r.name)
                changes.append(CatalogChange(.eventRenamed, .event, r.name,
                    "event '\(e.name)' renamed to '\(r.name)' (declared with renamedFrom): users' donations carry over",
                    old: e.name, new: r.name))
            }
            if match == nil, let n = newByName[e.name], oldEvents[n.identity] == nil {
                match = n
                renamed.insert(n.name)
                changes.append(CatalogChange(.eventKeyChanged, .event, n.name,
                    "event '\(n.name)' is stored under \"\(n.identity)\" instead of \"\(e.identity)\": its donation history stays under "
                        + "\"\(e.identity)\", unread, so every count restarts from zero; keep the old key (`key \"\(e.identity)\"`), "
                        + "or allow D118 if the reset is meant",
                    old: e.identity, new: n.identity))
            }
            guard let n = match else {
                // An event added with the same payload is probably this one renamed.
                let twin = new.events.first { oldEvents[$0.identity] == nil && $0.fields == e.fields }
                changes.append(CatalogChange(.eventRemoved, .event, e.name,
                    "event '\(e.name)' removed: its donation history stays in users' journals, unread; "
                        + (twin.map { "if '\($0.name)' (added, same payload) is its new name, declare it: 'renamedFrom \(e.name)'" }
                            ?? "a rename restarts every count from zero (declare it with renamedFrom, or allow D110 if the removal is meant)")))
                continue
            }
            let newFields = byName(n.fields, \.name)
            let oldFields = byName(e.fields, \.name)
            for f in e.fields {
                guard let nf = newFields[f.name] else {
                    changes.append(CatalogChange(.fieldRemoved, .event, e.name,
                        "payload field '\(e.name).\(f.name)' removed: the values stored with past donations are ignored",
                        old: f.type))
                    continue
                }
                if nf.type != f.type {
                    changes.append(CatalogChange(.fieldRetyped, .event, e.name,
                        "payload field '\(e.name).\(f.name)' changed type from \(f.type) to \(nf.type): "
                            + "past donations hold \(f.type) values, which filters and groups no longer read",
                        old: f.type, new: nf.type))
                }
            }
            for f in n.fields where oldFields[f.name] == nil {
                changes.append(CatalogChange(.fieldAdded, .event, e.name,
                    "payload field '\(e.name).\(f.name)' added: donations recorded before lack it, so filters on it never match them",
                    new: f.type))
            }
            let limitLowered = n.limit < e.limit
            let ageShortened = (n.maxAge ?? Int64.max) < (e.maxAge ?? Int64.max)
            if limitLowered || ageShortened {
                var parts: [String] = []
                if limitLowered { parts.append("limit \(e.limit) -> \(n.limit)") }
                if ageShortened {
                    parts.append("max age \(e.maxAge.map(CatalogSchema.duration) ?? "none") -> \(n.maxAge.map(CatalogSchema.duration) ?? "none")")
                }
                changes.append(CatalogChange(.donationsShortened, .event, e.name,
                    "fewer donations of '\(e.name)' stay visible (\(parts.joined(separator: ", "))): counts over its history drop for users with more",
                    old: "limit \(e.limit), max age \(e.maxAge.map(CatalogSchema.duration) ?? "none")",
                    new: "limit \(n.limit), max age \(n.maxAge.map(CatalogSchema.duration) ?? "none")"))
            }
        }
        for n in new.events where oldEvents[n.identity] == nil && !renamed.contains(n.name) {
            changes.append(CatalogChange(.eventAdded, .event, n.name, "event '\(n.name)' added", new: fieldList(n.fields)))
        }
    }

    private static func tips(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        // Users' state is keyed by tip id: match by id shape first, then by declared name.
        let newByShape = byName(new.tips, \.idShape)
        let newByName = byName(new.tips, \.name)
        let renamedTo = Dictionary(new.tips.compactMap { n in n.renamedFrom.map { ($0, n) } }, uniquingKeysWith: { a, _ in a })
        var matchedNew: Set<String> = []
        for t in old.tips {
            if let n = newByShape[t.idShape] {
                matchedNew.insert(n.name)
                if n.name != t.name {
                    changes.append(CatalogChange(.tipRenamed, .tip, n.name,
                        "tip '\(t.name)' renamed to '\(n.name)'; its id '\(n.id)' is unchanged, so users keep its state",
                        old: t.name, new: n.name))
                }
                compare(t, n, &changes)
            } else if let n = newByName[t.name], !old.tips.contains(where: { $0.idShape == n.idShape }) {
                matchedNew.insert(n.name)
                changes.append(CatalogChange(.tipIDChanged, .tip, n.name,
                    "id of tip '\(n.name)' changed from '\(t.id)' to '\(n.id)': display counts and dismissals stay under the old id, "
                        + "so users who dismissed it see it again",
                    old: t.id, new: n.id))
                compare(t, n, &changes)
            } else if let n = renamedTo[t.id], !matchedNew.contains(n.name), newByShape[t.idShape] == nil {
                matchedNew.insert(n.name)
                changes.append(CatalogChange(.tipRenamedDeclared, .tip, n.name,
                    "tip '\(t.name)' (id '\(t.id)') renamed to '\(n.name)' (declared with renamedFrom): users' display counts "
                        + "and dismissals carry over to its id '\(n.id)'",
                    old: t.id, new: n.id))
                compare(t, n, &changes)
            } else {
                changes.append(CatalogChange(.tipRemoved, .tip, t.name,
                    "tip '\(t.name)' (id '\(t.id)') removed: its display counts and dismissals stay in users' journals, "
                        + "and a tip declared later with the same id inherits them",
                    old: t.id))
            }
        }
        for n in new.tips where !matchedNew.contains(n.name) {
            changes.append(CatalogChange(.tipAdded, .tip, n.name, "tip '\(n.name)' added (id '\(n.id)')", new: n.id))
        }
    }

    private static func optional<T>(_ v: T?, _ render: (T) -> String) -> String { v.map(render) ?? "none" }

    /// The changes within one tip whose identity matched.
    private static func compare(_ t: CatalogSchema.Tip, _ n: CatalogSchema.Tip, _ changes: inout [CatalogChange]) {
        let name = n.name
        if t.arguments != n.arguments, t.idShape == n.idShape {
            changes.append(CatalogChange(.argumentsChanged, .tip, name,
                "arguments of '\(name)' changed from \(fieldList(t.arguments)) to \(fieldList(n.arguments)): the app's calls must follow",
                old: fieldList(t.arguments), new: fieldList(n.arguments)))
        }
        if t.maxDisplayCount != n.maxDisplayCount {
            let o = optional(t.maxDisplayCount) { String($0) }
            let v = optional(n.maxDisplayCount) { String($0) }
            if (n.maxDisplayCount ?? UInt32.max) < (t.maxDisplayCount ?? UInt32.max) {
                changes.append(CatalogChange(.displayCountLowered, .tip, name,
                    "maxDisplayCount of '\(name)' lowered from \(o) to \(v): users who saw it \(v) times or more lose it at once",
                    old: o, new: v))
            } else {
                changes.append(CatalogChange(.displayCountRaised, .tip, name,
                    "maxDisplayCount of '\(name)' raised from \(o) to \(v): users already invalidated after \(o) displays "
                        + "stay invalidated (invalidation is permanent); only the others see it more often",
                    old: o, new: v))
            }
        }
        if t.maxDisplayDuration != n.maxDisplayDuration {
            let o = optional(t.maxDisplayDuration, CatalogSchema.duration)
            let v = optional(n.maxDisplayDuration, CatalogSchema.duration)
            let lowered = (n.maxDisplayDuration ?? Int64.max) < (t.maxDisplayDuration ?? Int64.max)
            changes.append(CatalogChange(.displayDurationChanged, .tip, name,
                "maxDisplayDuration of '\(name)' " + (lowered
                    ? "lowered from \(o) to \(v): users who watched it longer lose it at once"
                    : "raised from \(o) to \(v): users already invalidated for display time stay invalidated"),
                old: o, new: v))
        }
        if t.ignoresDisplayFrequency != n.ignoresDisplayFrequency {
            changes.append(CatalogChange(.displayFrequencyIgnoreChanged, .tip, name,
                "'\(name)' \(n.ignoresDisplayFrequency ? "now ignores" : "no longer ignores") the display frequency",
                old: String(t.ignoresDisplayFrequency), new: String(n.ignoresDisplayFrequency)))
        }
        if t.priority != n.priority {
            changes.append(CatalogChange(.priorityChanged, .tip, name,
                "priority of '\(name)' changed from \(t.priority) to \(n.priority): which tip takes a display budget's "
                    + "places first may change",
                old: String(t.priority), new: String(n.priority)))
        }
        if t.ignoresDisplayBudget != n.ignoresDisplayBudget {
            changes.append(CatalogChange(.displayBudgetIgnoreChanged, .tip, name,
                "'\(name)' \(n.ignoresDisplayBudget ? "now ignores" : "no longer ignores") the display budgets",
                old: String(t.ignoresDisplayBudget), new: String(n.ignoresDisplayBudget)))
        }
        if t.resetEligibilityAfter != n.resetEligibilityAfter {
            let o = optional(t.resetEligibilityAfter, CatalogSchema.duration)
            let v = optional(n.resetEligibilityAfter, CatalogSchema.duration)
            let effect: String
            if let after = n.resetEligibilityAfter {
                effect = "users who dismissed it more than \(CatalogSchema.duration(after)) ago get it back under its rules as soon "
                    + "as this catalog runs; the others \(CatalogSchema.duration(after)) after they dismissed it"
            } else {
                effect = "users who dismissed it keep it invalidated; those it already returned to keep it"
            }
            changes.append(CatalogChange(.renewalChanged, .tip, name,
                "resetEligibility after of '\(name)' changed from \(o) to \(v): " + effect, old: o, new: v))
        }
        if t.rules.sorted() != n.rules.sorted() {
            let removed = t.rules.filter { !n.rules.contains($0) }
            let added = n.rules.filter { !t.rules.contains($0) }
            var what: [String] = []
            if !removed.isEmpty { what.append("removed " + removed.map { "'\($0)'" }.joined(separator: ", ")) }
            if !added.isEmpty { what.append("added " + added.map { "'\($0)'" }.joined(separator: ", ")) }
            changes.append(CatalogChange(.rulesChanged, .tip, name,
                "rules of '\(name)' changed (\(what.joined(separator: "; "))): users who already dismissed it or used up "
                    + "its displays keep it invalidated; the others are judged by the new rules",
                old: t.rules.joined(separator: " && "), new: n.rules.joined(separator: " && ")))
        }
        if t.triggers.sorted() != n.triggers.sorted() {
            changes.append(CatalogChange(.triggersChanged, .tip, name,
                "invalidation triggers of '\(name)' changed: past donations are not replayed, so users keep the invalidation "
                    + "they have, and only new donations follow the new triggers",
                old: t.triggers.joined(separator: "; "), new: n.triggers.joined(separator: "; ")))
        }
        if t.actions != n.actions {
            let ids = { (a: [CatalogSchema.Action]) in a.isEmpty ? "none" : a.map(\.id).joined(separator: ", ") }
            changes.append(CatalogChange(.actionsChanged, .tip, name,
                "actions of '\(name)' changed (ids: \(ids(t.actions)) -> \(ids(n.actions))); the app's handlers may need to follow",
                old: ids(t.actions), new: ids(n.actions)))
        }
        if t.title != n.title {
            changes.append(CatalogChange(.titleChanged, .tip, name, "title of '\(name)' changed", old: t.title, new: n.title))
        }
        if t.message != n.message || t.messageCondition != n.messageCondition || t.messages != n.messages {
            func shown(_ tip: CatalogSchema.Tip) -> String {
                if !tip.messages.isEmpty { return tip.messages.joined(separator: "; ") }
                return (tip.message ?? "none") + (tip.message != nil ? tip.messageCondition.map { " when \($0)" } ?? "" : "")
            }
            changes.append(CatalogChange(.messageChanged, .tip, name, "message of '\(name)' changed",
                                         old: shown(t), new: shown(n)))
        }
        if t.image != n.image || (t.image != nil && t.imageIsAsset != n.imageIsAsset) || t.images != n.images {
            func shown(_ tip: CatalogSchema.Tip) -> String {
                if !tip.images.isEmpty { return tip.images.joined(separator: "; ") }
                return tip.image.map { tip.imageIsAsset ? "asset \($0)" : $0 } ?? "none"
            }
            changes.append(CatalogChange(.imageChanged, .tip, name, "image of '\(name)' changed",
                                         old: shown(t), new: shown(n)))
        }
    }

    /// D152: a display budget added, removed or resized, per window.
    private static func budgets(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        let windows: [(String, KeyPath<CatalogSchema, Int>)] = [("day", \.displayBudgetPerDay), ("launch", \.displayBudgetPerLaunch)]
        for (unit, path) in windows where old[keyPath: path] != new[keyPath: path] {
            let render = { (n: Int) in n == 0 ? "none" : "\(n) per \(unit)" }
            let o = render(old[keyPath: path])
            let v = render(new[keyPath: path])
            changes.append(CatalogChange(.displayBudgetChanged, .config, "displayBudget per \(unit)",
                "display budget per \(unit) changed from \(o) to \(v); it applies at once: which tips show, and how "
                    + "many a \(unit), may change",
                old: o, new: v))
        }
    }

    private static func groups(_ old: CatalogSchema, _ new: CatalogSchema, _ changes: inout [CatalogChange]) {
        let newGroups = byName(new.groups, \.name)
        let oldGroups = byName(old.groups, \.name)
        let render = { (g: CatalogSchema.Group) in "\(g.priority) [\(g.members.joined(separator: ", "))]" }
        for g in old.groups {
            guard let n = newGroups[g.name] else {
                changes.append(CatalogChange(.groupChanged, .group, g.name, "group '\(g.name)' removed", old: render(g)))
                continue
            }
            if g.priority != n.priority || g.members != n.members {
                changes.append(CatalogChange(.groupChanged, .group, g.name,
                    "group '\(g.name)' changed: which of its tips shows first may change", old: render(g), new: render(n)))
            }
            if g.together != n.together {
                changes.append(CatalogChange(.groupTogetherChanged, .group, g.name,
                    "group '\(g.name)' \(n.together ? "now flows" : "no longer flows") as one unit ('together')",
                    old: String(g.together), new: String(n.together)))
            }
        }
        for n in new.groups where oldGroups[n.name] == nil {
            changes.append(CatalogChange(.groupChanged, .group, n.name, "group '\(n.name)' added", new: render(n)))
        }
    }
}
