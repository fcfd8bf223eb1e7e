import TipsBytecode
import TipsJournal
import TipsVM

/// The compatibility rules of publishing (Docs/remote.md), applied inside the runtime to the
/// two verified bundles and the user's actual state, so that an app never adopts a catalog
/// that loses what this user has, or that its own calls cannot satisfy. The runtime knows
/// more than the publisher (this journal), so it refuses only real losses: a removed tip,
/// event or parameter that holds no state here is allowed (and reported by the adoption).
enum CatalogCompatibility {
    typealias Problem = CatalogAdoptionError.Problem

    /// Every reason `adopted` may not replace `running` for a user with `state`; empty when
    /// it may. Sorted by code, then name, so the message is stable.
    static func problems(running: Catalog, adopted: Catalog, state: JournalState) -> [Problem] {
        var out: [Problem] = []
        tips(running, adopted, state, &out)
        params(running, adopted, state, &out)
        events(running, adopted, state, &out)
        return out.sorted { ($0.code.rawValue, $0.name, $0.message) < ($1.code.rawValue, $1.name, $1.message) }
    }

    private static func tips(_ running: Catalog, _ adopted: Catalog, _ state: JournalState, _ out: inout [Problem]) {
        for (id, tipState) in state.tips.sorted(by: { $0.key < $1.key }) where hasState(tipState) {
            guard let i = running.tipIndex(holding: id), adopted.tipIndex(holding: id) == nil else { continue }
            out.append(Problem(.tipStateLost, running.tipName(i),
                "tip '\(running.tipName(i))' (id '\(id)') is not in the new catalog: its display count \(tipState.displayCount)"
                    + (tipState.invalidation.map { " and its invalidation (\($0.reason))" } ?? "")
                    + " would be lost; declare the new tip with 'renamedFrom \(id)'"))
        }
        for (i, t) in running.bundle.tips.enumerated() where !t.arguments.isEmpty {
            guard let j = adopted.tipIndex[running.tipName(i)] else { continue }
            let before = arguments(running, t), after = arguments(adopted, adopted.bundle.tips[j])
            if before != after {
                out.append(Problem(.argumentsChanged, running.tipName(i),
                    "tip '\(running.tipName(i))' takes (\(after.joined(separator: ", "))) instead of (\(before.joined(separator: ", "))): "
                        + "the app addresses it with the old arguments"))
            }
        }
    }

    private static func params(_ running: Catalog, _ adopted: Catalog, _ state: JournalState, _ out: inout [Problem]) {
        var rules = RuleState(adopted.verified, now: 0)
        for (i, p) in running.bundle.params.enumerated() {
            let name = running.paramName(i), key = running.paramKey(i)
            let match = adopted.paramIndex(storedAs: key) ?? adopted.paramIndex[name]
            if let j = match, running.typeName(p.type) != adopted.typeName(adopted.bundle.params[j].type) {
                out.append(Problem(.parameterRetyped, name,
                    "parameter '\(name)' is \(adopted.typeName(adopted.bundle.params[j].type)) instead of \(running.typeName(p.type)): "
                        + "the app sets it as \(running.typeName(p.type))"))
            }
            guard !p.isTransient, let stored = state.params[key] else { continue }
            guard let j = adopted.paramIndex(storedAs: key), !adopted.bundle.params[j].isTransient else {
                out.append(Problem(.parameterValueLost, name,
                    "parameter '\(name)' (stored as \"\(key)\") is not in the new catalog: the user's value would be lost; "
                        + "declare the new parameter with 'renamedFrom \(key)'"))
                continue
            }
            if adopted.slot(stored.value, as: adopted.bundle.params[j].type, in: &rules) == nil {
                out.append(Problem(.parameterValueUnreadable, name,
                    "parameter '\(name)' holds a value that does not read back as \(adopted.typeName(adopted.bundle.params[j].type))"))
            }
        }
    }

    private static func events(_ running: Catalog, _ adopted: Catalog, _ state: JournalState, _ out: inout [Problem]) {
        for (i, e) in running.bundle.events.enumerated() {
            let name = running.eventName(i), key = running.eventKey(i)
            let match = adopted.eventIndex(storedAs: key) ?? adopted.eventIndex[name]
            guard let j = match else {
                if let n = state.donations[key]?.count, n > 0 {
                    out.append(Problem(.donationsLost, name,
                        "event '\(name)' (stored as \"\(key)\") is not in the new catalog: its \(n) donations would be lost; "
                            + "declare the new event with 'renamedFrom \(key)'"))
                }
                continue
            }
            let before = fields(running, e), after = fields(adopted, adopted.bundle.events[j])
            if before != after {
                out.append(Problem(.payloadChanged, name,
                    "event '\(name)' carries (\(after.joined(separator: ", "))) instead of (\(before.joined(separator: ", "))): "
                        + "the app donates the old payload"))
            }
        }
    }

    /// Whether a tip's record holds anything a user would miss.
    private static func hasState(_ t: TipState) -> Bool {
        t.displayCount > 0 || t.invalidation != nil || t.displayMs > 0 || t.openSince != nil
    }

    private static func arguments(_ c: Catalog, _ t: TipSchema) -> [String] {
        t.arguments.map { "\(c.string($0.name)): \(c.typeName($0.type))" }
    }

    private static func fields(_ c: Catalog, _ e: EventSchema) -> [String] {
        e.fields.map { "\(c.string($0.name)): \(c.typeName($0.type))" }
    }
}
