import TipsText
import TipsTime

extension Forecast {
    /// A state in a word or two.
    static func words(_ state: Timeline.State) -> String {
        switch state {
        case .pending: return "waits"
        case .available: return "shows"
        case .heldBack: return "held back"
        case .heldBackByBudget: return "held back (budget)"
        case .snoozed: return "snoozed"
        case .displayed: return "on screen"
        case .invalidated(let r): return "ended (\(r.rawValue))"
        }
    }

    /// An entry's state and, when it is not shown, why: `waits (rule 2 is false: ...)`.
    /// An ended tip's reason says how it ended, so the reason code is left to the JSON.
    static func line(_ e: Entry) -> String {
        guard let why = e.why else { return words(e.state) }
        if case .invalidated = e.state { return "ended (\(why.text))" }
        return "\(words(e.state)) (\(why.text))"
    }

    /// The entries whose state changed since the previous day (a tip that starts out
    /// waiting has not changed).
    func changed(_ day: Day) -> Set<String> {
        guard let i = days.firstIndex(of: day) else { return [] }
        var previous: [String: Timeline.State] = [:]
        if i > 0 { for e in days[i - 1].entries { previous[e.tip] = e.state } }
        return Set(day.entries.filter { e in
            previous[e.tip].map { $0 != e.state } ?? (e.state != .pending)
        }.map(\.tip))
    }

    /// The heading line: the persona, how many days, from when.
    var heading: String {
        "forecast \"\(persona.name)\": \(persona.days) days from \(String(ISO8601.format(persona.start).prefix(10))), statuses at 23:59 UTC"
    }

    /// Day by day: each tip's state and why it waits, `*` marking the tips that changed that day.
    public var text: String {
        // Catalog names and rule text reach a terminal: control characters are escaped per line.
        var lines = [heading]
        let width = days.first?.entries.map(\.tip.count).max() ?? 0
        for day in days {
            let changed = changed(day)
            lines.append("Day \(day.number) (\(day.date))")
            for e in day.entries {
                let pad = String(repeating: " ", count: max(0, width - e.tip.count))
                lines.append("  \(changed.contains(e.tip) ? "*" : " ") \(e.tip)\(pad)  \(Self.line(e))")
            }
        }
        return lines.map { TerminalText.escaped($0, backslashes: .kept) + "\n" }.joined()
    }

    /// The same as JSON: `{"persona", "start", "days": [{"day", "date", "tips": [{"tip",
    /// "status", "state", "changed", "why": {"kind", "text"}}]}]}`; `why` only for tips not shown.
    public var json: JSON {
        .object([
            ("persona", .string(persona.name)),
            ("start", .string(ISO8601.format(persona.start))),
            ("days", .array(days.map { d in
                let changed = changed(d)
                return .object([("day", .int(d.number)), ("date", .string(d.date)),
                         ("tips", .array(d.entries.map { e in
                             var fields: [(String, JSON)] = [
                                 ("tip", .string(e.tip)), ("status", .string(Self.expected(e.state))),
                                 ("state", .string(Self.words(e.state))), ("changed", .bool(changed.contains(e.tip))),
                             ]
                             if let why = e.why {
                                 fields.append(("why", .object([("kind", .string(why.kind.rawValue)), ("text", .string(why.text))])))
                             }
                             return .object(fields)
                         }))])
            })),
        ])
    }

    /// The CSS class of a state in the HTML page.
    static func cssClass(_ state: Timeline.State) -> String {
        switch state {
        case .pending, .snoozed: return "waits"
        case .available, .displayed: return "shows"
        case .heldBack, .heldBackByBudget: return "held"
        case .invalidated: return "ended"
        }
    }

    /// A self-contained HTML page (no scripts, nothing fetched): a grid of every tip's state
    /// by day, then one row per day listing the tips shown and, for each tip not shown, why.
    public var html: String {
        func x(_ s: String) -> String { XMLText.content(s) }
        var out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Forecast: \(x(persona.name))</title>\n"
        out += "<style>body{font:14px system-ui,sans-serif;margin:2em;color:#1f2328}table{border-collapse:collapse;margin-bottom:2em}"
        out += "td,th{border:1px solid #d1d5db;padding:4px 8px;vertical-align:top;text-align:left}"
        out += ".shows{background:#d8f3e3}.waits{color:#6b7280}.held{background:#eef2ff}.ended{background:#fbe4e4}"
        out += ".changed{font-weight:600}ul{margin:0;padding-left:1.2em}.why{color:#4b5563}</style></head><body>\n"
        out += "<h1>Forecast: \(x(persona.name))</h1>\n<p>\(x(heading))</p>\n"
        out += "<h2>At a glance</h2>\n<table class=\"grid\">\n<tr><th>Tip</th>"
        for d in days { out += "<th>Day \(d.number)<br>\(x(d.date))</th>" }
        out += "</tr>\n"
        for (i, lane) in (days.first?.entries ?? []).enumerated() {
            out += "<tr><th>\(x(lane.tip))</th>"
            for d in days where d.entries.indices.contains(i) {
                let e = d.entries[i]
                out += "<td class=\"\(Self.cssClass(e.state))\(changed(d).contains(e.tip) ? " changed" : "")\">\(x(Self.words(e.state)))</td>"
            }
            out += "</tr>\n"
        }
        out += "</table>\n<h2>Day by day</h2>\n<table class=\"days\">\n<tr><th>Day</th><th>Shows</th><th>Not shown, and why</th></tr>\n"
        for d in days {
            let changed = changed(d)
            let shown = d.entries.filter { $0.why == nil && ($0.state == .available || $0.state == .displayed) }
            let others = d.entries.filter { !shown.contains($0) }
            out += "<tr id=\"day-\(d.number)\"><th>Day \(d.number)<br>\(x(d.date))</th><td>"
            out += shown.isEmpty ? "none" : shown.map { "<span class=\"tip\(changed.contains($0.tip) ? " changed" : "")\">\(x($0.tip))</span>" }.joined(separator: ", ")
            out += "</td><td><ul>"
            for e in others {
                out += "<li class=\"\(Self.cssClass(e.state))\(changed.contains(e.tip) ? " changed" : "")\"><span class=\"tip\">\(x(e.tip))</span> "
                out += "<span class=\"why\">\(x(Self.line(e)))</span></li>"
            }
            out += "</ul></td></tr>\n"
        }
        return out + "</table>\n</body></html>\n"
    }
}
