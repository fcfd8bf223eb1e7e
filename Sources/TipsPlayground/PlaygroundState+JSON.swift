import Foundation
import TipsCheck
import TipsRuntime
import TipsScenario
import TipsText
import TipsTime

/// What the API sends: the catalog's declarations (for the page's controls) and the state
/// of the session (for the tips, the clock and the journal).
extension PlaygroundState {
    /// Journal lines sent, the last ones, and the characters kept of each.
    static let journalLinesShown = 200
    static let journalLineLength = 2_000

    /// `GET /api/catalog`.
    var catalogJSON: JSON {
        let model = catalog.model
        func typeJSON(_ type: ValueType) -> JSON {
            var members: [(String, JSON)] = [("optional", .bool(type.isOptional))]
            switch type.unwrapped {
            case .bool: members.insert(("kind", "bool"), at: 0)
            case .int: members.insert(("kind", "int"), at: 0)
            case .double: members.insert(("kind", "double"), at: 0)
            case .string: members.insert(("kind", "string"), at: 0)
            case .date: members.insert(("kind", "date"), at: 0)
            case .duration: members.insert(("kind", "duration"), at: 0)
            case .stringSet: members.insert(("kind", "set"), at: 0)
            case .enumeration(let e):
                members.insert(("kind", "enum"), at: 0)
                let cases = e < model.enums.count ? model.enums[e].cases : []
                members.append(("cases", .array(cases.map { .string($0) })))
            case .optional, .error: members.insert(("kind", "unknown"), at: 0)
            }
            return .object(members)
        }
        let events: [JSON] = model.events.map { e in
            .object(["name": .string(e.name),
                     "fields": .array(e.fields.map { f in .object(["name": .string(f.name), "type": typeJSON(f.type)]) })])
        }
        let parameters: [JSON] = model.parameters.map { p in
            .object(["name": .string(p.name), "type": typeJSON(p.type), "transient": .bool(p.isTransient)])
        }
        let tips: [JSON] = plainTips.map { t in
            .object(["name": .string(t.name), "actions": .array(t.actions.map { .string($0.id) }),
                     "group": t.group.map { $0 < model.groups.count ? JSON.string(model.groups[$0].name) : .null } ?? .null])
        }
        return .object(["catalog": .string(catalog.path), "events": .array(events), "parameters": .array(parameters),
                        "tips": .array(tips), "groups": .array(model.groups.map { .string($0.name) }),
                        "platforms": .array(TipPlatform.allCases.map { .string($0.rawValue) }),
                        "locales": .array(locales.map { .string($0) }),
                        "reusableTips": .array(model.tips.filter(\.isReusable).map { .string($0.name) })])
    }

    /// `GET /api/state`.
    var stateJSON: JSON {
        let now = session.now
        var members: [(String, JSON)] = [
            ("now", .string(ISO8601.format(now))),
            ("elapsed", .string(DurationText.format(now - session.start, separator: " "))),
            ("platform", .string(session.platform.rawValue)),
            ("locale", .string(locale)),
            ("steps", .int(session.lines.count)),
        ]
        guard let store = session.store else { return .object(members + [("error", "the store is closed")]) }
        var tips: [JSON] = []
        for tip in plainTips {
            let key = TipKey(tip.name)
            guard let report = try? store.report(of: key) else { continue }
            var t: [(String, JSON)] = [("name", .string(tip.name)), ("status", .string(PlaygroundState.expected(report.status))),
                                      ("displayed", .bool(report.isDisplayed))]
            if let content = try? store.content(of: key) {
                t.append(("title", .string(localized(content.title, of: content))))
                t.append(("message", content.message.map { .string(localized($0, of: content)) } ?? .null))
                t.append(("image", content.image.map { .string($0) } ?? .null))
                t.append(("actions", .array(content.actions.map { a in
                    .object(["id": .string(a.id), "title": .string(localized(a.title, of: content))])
                })))
            }
            t.append(("explanation", .string((try? store.explanation(of: key).text) ?? "")))
            tips.append(.object(t))
        }
        members.append(("tips", .array(tips)))
        members.append(("groups", .array(catalog.model.groups.map { g in
            let current = (try? store.currentTip(inGroup: TipGroupKey(g.name))) ?? nil
            return .object(["name": .string(g.name), "current": current.map { .string($0.description) } ?? .null])
        })))
        members.append(("parameters", .array(catalog.model.parameters.map { p in
            let value = (try? store.parameter(dynamic: p.name)).map { v -> JSON in
                // An instant as ISO 8601, as a scenario writes it; the rest as written in `.tips`.
                if case .date(let ms) = v { return .string(ISO8601.format(ms)) }
                return .string(v.description)
            } ?? .null
            return .object(["name": .string(p.name), "value": value])
        })))
        members.append(("history", .array(history.map { e in
            .object(["line": .string(e.line), "accepted": .bool(e.accepted), "messages": .array(e.messages.map { .string($0) })])
        })))
        let journal = journalLines(store)
        members.append(("journalLineCount", .int(journal.count)))
        members.append(("journal", .array(journal.suffix(PlaygroundState.journalLinesShown).map { .string($0) })))
        return .object(members)
    }

    /// The journal's lines as written so far (flushed first), each cut to a readable length.
    func journalLines(_ store: TipStore) -> [String] {
        try? store.flush()
        guard !store.journalPath.isEmpty, let data = FileManager.default.contents(atPath: store.journalPath) else { return [] }
        return data.split(separator: 10).map { line in
            let text = String(decoding: line.prefix(PlaygroundState.journalLineLength), as: UTF8.self)
            return line.count > PlaygroundState.journalLineLength ? text + "…" : text
        }
    }
}
