import TipsSource

/// The app check of `tipc publish --app` (Docs/remote.md, "What tipc publish refuses"): what
/// an app version in use, built with `app`, could not honour in the catalog `new`.
///
/// The app's typed Swift has a name for every tip, event, parameter, group, enumeration case
/// and action of the catalog it embeds, so each counts as referred to. The rules are the
/// runtime's: an app name reaches a declaration of the new catalog with that name, else the
/// one declaring `renamedFrom` it (`Catalog.tipIndex(named:)` and its kin), so a declared
/// rename keeps the name, and a rename with the id or key kept but no `renamedFrom` does not.
/// Every payload field is required: fields are never optional (E310), a donation must carry
/// each by name or the runtime throws `wrongFields`, and the app's generated donations carry
/// exactly the fields of its catalog. So any field the new event has and the app's lacks is
/// one the app never sends; a field removed, retyped or moved, a
/// parameter retyped and a reusable tip's arguments changed are refused too, because the
/// runtime refuses to adopt such a catalog (`payloadChanged`, `parameterRetyped`,
/// `argumentsChanged`). Pure: it reads the two schemas and the sources for places.
public enum AppCompatibility {
    /// Every finding, errors first, then by kind (enums, parameters, events, tips, groups)
    /// and name.
    public static func findings(app: AppCatalog, new: CatalogSchema, newSources: SourceSet = SourceSet()) -> [AppFinding] {
        var out: [AppFinding] = []
        let path = app.path
        func inApp(_ kind: CatalogChange.Kind, _ name: String) -> DiffLocation? {
            DiffLocation.declaration(of: kind, named: name, in: app.sources)
        }
        func inNew(_ kind: CatalogChange.Kind, _ name: String) -> DiffLocation? {
            DiffLocation.declaration(of: kind, named: name, in: newSources)
        }
        func add(_ code: DiagnosticCode, _ kind: CatalogChange.Kind, _ name: String, _ message: String,
                 at location: DiffLocation?, severity: Severity = .error) {
            out.append(AppFinding(code, severity, kind, name, message, app: path, location: location))
        }

        let newEnums = Dictionary(new.enums.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for e in app.schema.enums {
            guard let n = newEnums[e.name] else {
                add(.appCaseGone, .enum, e.name,
                    "enum '\(e.name)' of the app built from \(path) is not in the new catalog: the app passes its cases "
                        + "(\(e.cases.joined(separator: ", "))) and no value of the new catalog is of that type; keep the enum",
                    at: inApp(.enum, e.name))
                continue
            }
            for c in e.cases where !n.cases.contains(c) && n.renamedCases[c] == nil {
                add(.appCaseGone, .enum, e.name,
                    "case '\(e.name).\(c)' of the app built from \(path) is not in the new catalog (cases: "
                        + "\(n.cases.joined(separator: ", "))): the app passes it and the value would be refused; keep the case "
                        + "or declare the new one with 'renamedFrom \(c)'",
                    at: inApp(.enum, e.name))
            }
        }

        for p in app.schema.params {
            guard let n = new.params.first(where: { $0.name == p.name }) ?? new.params.first(where: { $0.renamedFrom == p.name }) else {
                let keyed = new.params.first { $0.identity == p.identity }.map {
                    " ('\($0.name)' is stored as \"\($0.identity)\" too: declare it with 'renamedFrom \(p.name)' so the app's name reaches it)"
                } ?? ""
                add(.appParameterGone, .param, p.name,
                    "parameter '\(p.name)' of the app built from \(path) is not in the new catalog under its name or a "
                        + "declared 'renamedFrom \(p.name)': the app sets and reads it by that name\(keyed)",
                    at: inApp(.param, p.name))
                continue
            }
            if n.type != p.type {
                add(.appParameterRetyped, .param, n.name,
                    "parameter '\(n.name)' is \(n.type) in the new catalog, but the app built from \(path) sets it as \(p.type): "
                        + "apps refuse to adopt the catalog (parameterRetyped); add a new parameter instead",
                    at: inNew(.param, n.name))
            }
        }

        for e in app.schema.events {
            guard let n = new.events.first(where: { $0.name == e.name }) ?? new.events.first(where: { $0.renamedFrom == e.name }) else {
                let keyed = new.events.first { $0.identity == e.identity }.map {
                    " ('\($0.name)' is stored as \"\($0.identity)\" too: declare it with 'renamedFrom \(e.name)' so the app's name reaches it)"
                } ?? ""
                add(.appEventGone, .event, e.name,
                    "event '\(e.name)' of the app built from \(path) is not in the new catalog under its name or a declared "
                        + "'renamedFrom \(e.name)': the app donates it by that name\(keyed)",
                    at: inApp(.event, e.name))
                continue
            }
            let sent = Dictionary(e.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
            let wanted = Dictionary(n.fields.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
            for f in n.fields where sent[f.name] == nil {
                add(.appFieldAdded, .event, n.name,
                    "event '\(n.name)' has payload field '\(f.name): \(f.type)', which the app built from \(path) never sends "
                        + "(it donates \(CatalogDiff.fieldList(e.fields)) and no more): every field is required, so apps refuse to adopt the catalog "
                        + "(payloadChanged); declare a new event for the new payload",
                    at: inNew(.event, n.name))
            }
            var changed: [String] = []
            for f in e.fields {
                if let t = wanted[f.name] {
                    if t != f.type { changed.append("'\(f.name)' is \(t), not \(f.type)") }
                } else {
                    changed.append("'\(f.name): \(f.type)' is gone")
                }
            }
            if changed.isEmpty, e.fields.count == n.fields.count, e.fields != n.fields {
                changed.append("the fields are in another order")
            }
            if !changed.isEmpty {
                add(.appPayloadChanged, .event, n.name,
                    "event '\(n.name)' carries \(CatalogDiff.fieldList(n.fields)), but the app built from \(path) sends "
                        + "\(CatalogDiff.fieldList(e.fields)): \(changed.joined(separator: "; ")); apps refuse to adopt the catalog "
                        + "(payloadChanged); keep the payload, or declare a new event",
                    at: inNew(.event, n.name))
            }
        }

        for t in app.schema.tips {
            guard let n = new.tips.first(where: { $0.name == t.name }) ?? new.tips.first(where: { $0.renamedFrom == t.name }) else {
                let sameID = new.tips.first { $0.idShape == t.idShape }.map {
                    " (tip '\($0.name)' keeps its id '\($0.id)': declare it with 'renamedFrom \(t.name)' so the app's name reaches it)"
                } ?? ""
                add(.appTipGone, .tip, t.name,
                    "tip '\(t.name)' of the app built from \(path) is not in the new catalog under its name or a declared "
                        + "'renamedFrom \(t.name)': the app's typed Swift names it, and would find no tip\(sameID)",
                    at: inApp(.tip, t.name))
                continue
            }
            if t.arguments != n.arguments {
                add(.appArgumentsChanged, .tip, n.name,
                    "tip '\(n.name)' takes \(CatalogDiff.fieldList(n.arguments)), but the app built from \(path) addresses it with "
                        + "\(CatalogDiff.fieldList(t.arguments)): "
                        + (t.arguments.isEmpty ? "its calls reach no instance" : "apps refuse to adopt the catalog (argumentsChanged)")
                        + "; keep the arguments",
                    at: inNew(.tip, n.name))
            }
            let ids = Set(n.actions.map(\.id))
            for a in t.actions where !ids.contains(a.id) {
                let known = n.actions.isEmpty ? "it has none" : "actions: " + n.actions.map(\.id).joined(separator: ", ")
                add(.appActionGone, .tip, n.name,
                    "tip '\(n.name)' has no action '\(a.id)' any more (\(known)): the button goes, and a call of "
                        + "perform(.\(a.id)) by the app built from \(path) would throw unknownAction",
                    at: inNew(.tip, n.name), severity: .warning)
            }
        }

        let newGroups = Set(new.groups.map(\.name))
        for g in app.schema.groups where !newGroups.contains(g.name) {
            let known = new.groups.isEmpty ? "it has none" : "groups: " + new.groups.map(\.name).joined(separator: ", ")
            add(.appGroupGone, .group, g.name,
                "group '\(g.name)' of the app built from \(path) is not in the new catalog (\(known)): the app's typed "
                    + "Swift names it, and groups are found by name only; keep the group",
                at: inApp(.group, g.name))
        }

        let order: [CatalogChange.Kind] = [.enum, .param, .event, .tip, .group, .config]
        return out.enumerated().sorted { a, b in
            let x = a.element, y = b.element
            if (x.severity == .error) != (y.severity == .error) { return x.severity == .error }
            let kx = order.firstIndex(of: x.kind) ?? 0, ky = order.firstIndex(of: y.kind) ?? 0
            if kx != ky { return kx < ky }
            if x.name != y.name { return x.name < y.name }
            return a.offset < b.offset
        }.map(\.element)
    }
}
