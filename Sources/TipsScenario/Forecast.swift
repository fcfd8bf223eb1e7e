import TipsRuntime
import TipsSource
import TipsText
import TipsTime

/// A persona run through a catalog day by day with the real runtime: the persona compiles to
/// a scenario (`scenarioText`), `ScenarioRunner` runs it, and each tip's status at the end of
/// each day is read from the run's timeline. The emitted scenario (`emittedScenario`) holds
/// those statuses as `expect` lines, so `tipc test` on it passes exactly when it agrees.
public struct Forecast: Sendable {
    /// A tip's state at the end of a day, and why it is not shown when it is not.
    public struct Entry: Sendable, Hashable {
        public var tip: String
        public var state: Timeline.State
        /// From the runtime's explanation at the day's end; nil when the tip shows (or is on screen).
        public var why: WaitReason?
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

    /// One line of the scenario a persona becomes.
    struct Line {
        var text: String
        /// The day whose end this line samples (nil for an activity and its `at`).
        var sampleDay: Int?
        /// The persona activity this line performs (its step) or moves the clock for (its `at`).
        var activity: Persona.Activity?
        /// True for the activity's step itself, copied verbatim from the persona.
        var isStep = false
    }

    /// The scenario steps of `persona`, in order.
    static func lines(_ persona: Persona) -> [Line] {
        var out = [Line(text: "at \(ISO8601.format(persona.start))")]
        for a in persona.activities where a.when == .once { out.append(Line(text: a.step, activity: a, isStep: true)) }
        for d in 1...persona.days {
            let midnight = persona.start + Int64(d - 1) * dayMs
            var today: [(minute: Int, activity: Persona.Activity)] = []
            for a in persona.activities {
                switch a.when {
                case .once: break
                case .daily(let m): today.append((m, a))
                case .day(let n, let m) where n == d: today.append((m, a))
                case .day: break
                }
            }
            // Stable: activities at one minute keep the file's order.
            for (m, a) in today.enumerated().sorted(by: { ($0.element.minute, $0.offset) < ($1.element.minute, $1.offset) }).map(\.element) {
                out.append(Line(text: "at \(ISO8601.format(midnight + Int64(m) * 60_000))", activity: a))
                out.append(Line(text: a.step, activity: a, isStep: true))
            }
            out.append(Line(text: "at \(ISO8601.format(midnight + Int64(sampleMinute) * 60_000))", sampleDay: d))
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
            var runner = ScenarioRunner(catalog: catalog, catalogFileOffset: 1, scenarioFile: file)
            // The step each sampling line became. The parser takes every `at` before the first
            // other step as the start, so a persona with nothing to do before its first
            // activity has fewer steps than lines: steps are found by their line (line k of
            // lines() is line k + 2 of the text, after the `scenario` line), and a sampling
            // line taken as the start samples step 0, before any step.
            var stepOfLine: [Int: Int] = [:]
            for (i, step) in scenario.steps.enumerated() { stepOfLine[file.location(of: step.range.start).line - 2] = i + 1 }
            let samples = Self.lines(persona).enumerated().compactMap { (k, line) -> (day: Int, step: Int)? in
                line.sampleDay.map { ($0, stepOfLine[k] ?? 0) }
            }
            runner.explainingAfter = Set(samples.map(\.step))
            let outcome = runner.run(scenario)
            diagnostics += outcome.diagnostics.filter { $0.severity == .error }
            for (d, step) in samples {
                let moment = Timeline.Moment(at: persona.start + Int64(d - 1) * Self.dayMs + Int64(Self.sampleMinute) * 60_000, step: step)
                guard moment <= outcome.timeline.last else { break }
                let explained = outcome.explanations[step] ?? [:]
                let entries = outcome.timeline.lanes.map { lane in
                    let state = lane.spans.last(where: { $0.start <= moment })?.state ?? .pending
                    let shown = state == .available || state == .displayed
                    let why = shown ? nil : explained[lane.label].flatMap { WaitReason.of($0, instant: { DayLabel.text($0, start: persona.start) }) }
                    return Entry(tip: lane.label, state: state, why: why)
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
        case .pending, .heldBackByBudget: return "pending"
        case .snoozed: return "snoozed"
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
}
