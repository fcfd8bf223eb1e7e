import TipsRuntime
import TipsSource
import TipsText
import TipsTime

/// A persona run through a catalog day by day with the real runtime: the persona compiles to
/// a scenario (`scenarioText`), `ScenarioRunner` runs it, and each tip's status at the end of
/// each day is read from the run's timeline. The emitted scenario (`emittedScenario`) holds
/// those statuses as `expect` lines, so `tipc test` on it passes exactly when it agrees.
public struct Forecast: Sendable {
    /// A tip's state at the end of a day.
    public struct Entry: Sendable, Hashable {
        public var tip: String
        public var state: Timeline.State
    }

    /// One day: its number (1 is the first), its date and every tip's state at 23:59 UTC.
    public struct Day: Sendable, Hashable {
        public var number: Int
        public var date: String
        public var entries: [Entry]
    }

    public var persona: Persona
    public var days: [Day]
    /// Problems of the run (a step the runtime refused, ...), pointing into the scenario.
    public var diagnostics: [Diagnostic]

    static let dayMs: Int64 = 86_400_000
    /// When a day's statuses are read: 23:59.
    static let sampleMinute = 23 * 60 + 59

    /// The scenario steps of `persona`, each with the day whose end it samples (nil for an activity).
    static func lines(_ persona: Persona) -> [(text: String, sampleDay: Int?)] {
        var out: [(String, Int?)] = [("at \(ISO8601.format(persona.start))", nil)]
        for a in persona.activities where a.when == .once { out.append((a.step, nil)) }
        for d in 1...persona.days {
            let midnight = persona.start + Int64(d - 1) * dayMs
            var today: [(minute: Int, step: String)] = []
            for a in persona.activities {
                switch a.when {
                case .once: break
                case .daily(let m): today.append((m, a.step))
                case .day(let n, let m) where n == d: today.append((m, a.step))
                case .day: break
                }
            }
            // Stable: activities at one minute keep the file's order.
            for (m, step) in today.enumerated().sorted(by: { ($0.element.minute, $0.offset) < ($1.element.minute, $1.offset) }).map(\.element) {
                out.append(("at \(ISO8601.format(midnight + Int64(m) * 60_000))", nil))
                out.append((step, nil))
            }
            out.append(("at \(ISO8601.format(midnight + Int64(sampleMinute) * 60_000))", d))
        }
        return out
    }

    /// The persona as a scenario, without expectations.
    public static func scenarioText(_ persona: Persona) -> String {
        "scenario \"forecast: \(persona.name)\"\n" + lines(persona).map { $0.text + "\n" }.joined()
    }

    /// Runs `persona` through `catalog`.
    public init(persona: Persona, catalog: CompiledCatalog) {
        self.persona = persona
        let text = Self.scenarioText(persona)
        let file = SourceFile(id: FileID(0), path: "forecast.scenario", text: text)
        let parsed = ScenarioParser.parse(file)
        var diagnostics = parsed.diagnostics.filter { $0.severity == .error }
        var days: [Day] = []
        if let scenario = parsed.scenarios.first, diagnostics.isEmpty {
            let runner = ScenarioRunner(catalog: catalog, catalogFileOffset: 1, scenarioFile: file)
            let outcome = runner.run(scenario)
            diagnostics += outcome.diagnostics.filter { $0.severity == .error }
            // Step k of the scenario is line k+1 of lines() (the first `at` sets the start).
            let steps = Self.lines(persona).dropFirst()
            for (k, line) in steps.enumerated() {
                guard let d = line.sampleDay else { continue }
                let moment = Timeline.Moment(at: persona.start + Int64(d - 1) * Self.dayMs + Int64(Self.sampleMinute) * 60_000, step: k + 1)
                guard moment <= outcome.timeline.last else { break }
                let entries = outcome.timeline.lanes.map { lane in
                    Entry(tip: lane.label, state: lane.spans.last(where: { $0.start <= moment })?.state ?? .pending)
                }
                days.append(Day(number: d, date: String(ISO8601.format(moment.at).prefix(10)), entries: entries))
            }
        }
        self.days = days
        self.diagnostics = diagnostics
    }

    /// The status `expect` writes for a state (held back and on screen are `available`).
    static func expected(_ state: Timeline.State) -> String {
        switch state {
        case .pending: return "pending"
        case .available, .heldBack, .displayed: return "available"
        case .invalidated(let r): return "invalidated(\(r.rawValue))"
        }
    }

    /// The persona's scenario with each day's statuses as `expect` lines: `tipc test` on it
    /// checks the forecast against the runtime.
    public var emittedScenario: String {
        var out = "# Emitted by tipc forecast from persona \"\(persona.name)\"; each day ends with its statuses.\n"
        out += "scenario \"forecast: \(persona.name)\"\n"
        var byDay: [Int: Day] = [:]
        for d in days { byDay[d.number] = d }
        for line in Self.lines(persona) {
            out += line.text + "\n"
            if let n = line.sampleDay, let day = byDay[n] {
                for e in day.entries { out += "expect \(e.tip) \(Self.expected(e.state))\n" }
            }
        }
        return out
    }

    /// A state in words.
    static func words(_ state: Timeline.State) -> String {
        switch state {
        case .pending: return "waits"
        case .available: return "shows"
        case .heldBack: return "held back by its group"
        case .displayed: return "on screen"
        case .invalidated(let r): return "ended (\(r.rawValue))"
        }
    }

    /// Day by day: each tip's state, marking the days it changed.
    public var text: String {
        var out = "forecast \"\(persona.name)\": \(persona.days) days from \(String(ISO8601.format(persona.start).prefix(10))), statuses at 23:59 UTC\n"
        var previous: [String: Timeline.State] = [:]
        for day in days {
            out += "Day \(day.number) (\(day.date))\n"
            for e in day.entries {
                let changed = previous[e.tip] != e.state && !(previous[e.tip] == nil && e.state == .pending)
                out += "  \(changed ? "*" : " ") \(e.tip): \(Self.words(e.state))\n"
                previous[e.tip] = e.state
            }
        }
        return out
    }

    /// The same as JSON: `{"persona", "start", "days": [{"day", "date", "tips": [{"tip", "status", "state"}]}]}`.
    public var json: JSON {
        .object([
            ("persona", .string(persona.name)),
            ("start", .string(ISO8601.format(persona.start))),
            ("days", .array(days.map { d in
                .object([("day", .int(d.number)), ("date", .string(d.date)),
                         ("tips", .array(d.entries.map { e in
                             .object([("tip", .string(e.tip)), ("status", .string(Self.expected(e.state))),
                                      ("state", .string(Self.words(e.state)))])
                         }))])
            })),
        ])
    }

    /// A self-contained HTML page: one row per tip, one column per day.
    public var html: String {
        var out = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Forecast: \(XMLText.content(persona.name))</title>\n"
        out += "<style>td,th{border:1px solid #ccc;padding:2px 6px;font:12px sans-serif}.shows{background:#cfc}.waits{color:#888}</style></head><body>\n"
        out += "<h1>Forecast: \(XMLText.content(persona.name))</h1>\n<table>\n<tr><th>Tip</th>"
        for d in days { out += "<th>Day \(d.number)<br>\(d.date)</th>" }
        out += "</tr>\n"
        for (i, lane) in (days.first?.entries ?? []).enumerated() {
            out += "<tr><th>\(XMLText.content(lane.tip))</th>"
            for d in days {
                let s = d.entries[i].state
                out += "<td class=\"\(s == .available ? "shows" : s == .pending ? "waits" : "other")\">\(XMLText.content(Self.words(s)))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</table>\n</body></html>\n"
    }
}
