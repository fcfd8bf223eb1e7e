import TipsSource

/// A persona file run against a catalog: what `tipc forecast` prints. The persona is parsed,
/// the catalog checked and compiled, and the forecast run, each only when the step before it
/// had no errors.
public struct ForecastReport: Sendable {
    /// The persona file (file 0), the scenario it became (file 1, `forecast.scenario`) and
    /// the catalog's files (from file 2), for rendering the diagnostics.
    public var sources = SourceSet()
    /// Persona problems, catalog errors and failed steps, in that order.
    public var diagnostics: [Diagnostic] = []
    /// The forecast, when the persona parsed and the catalog compiled.
    public var forecast: Forecast?

    /// True when there is a forecast and nothing went wrong on the way.
    public var succeeded: Bool { forecast != nil && diagnostics.errorCount == 0 }

    /// Runs the persona file at `path` (its bytes) through `catalog` (its directory as
    /// printed, and its files); `days` replaces the persona's own `days` line.
    public static func run(personaPath path: String, bytes: [UInt8], catalog: (path: String, sources: SourceSet),
                           days: Int? = nil) -> ForecastReport {
        var report = ForecastReport()
        let personaID = report.sources.add(path: path, bytes: bytes)
        let parsed = PersonaParser.parse(report.sources[personaID])
        report.diagnostics += parsed.diagnostics
        guard var persona = parsed.persona, parsed.diagnostics.errorCount == 0 else { return report }
        if let days { persona.days = days }
        _ = report.sources.add(path: "forecast.scenario", text: Forecast.scenarioText(persona))
        let offset = Int32(report.sources.files.count)
        for f in catalog.sources.files { report.sources.add(path: f.path, bytes: f.bytes) }
        let compiled = CompiledCatalog(path: catalog.path, sources: catalog.sources)
        report.diagnostics += compiled.errors.map { $0.movingFiles(by: offset) }
        guard compiled.errors.isEmpty else { return report }
        let forecast = Forecast(persona: persona, catalog: compiled)
        // The forecast's own numbering: its scenario is file 0 and the catalog's files follow.
        let scenario = report.sources[FileID(1)]
        let lines = Forecast.lines(persona)
        report.diagnostics += forecast.diagnostics.map { located($0.movingFiles(by: 1), lines: lines, scenario: scenario) }
        report.forecast = forecast
        return report
    }

    /// `d` (pointing into the forecast's scenario) moved onto the persona line it came from:
    /// a step's problem at the same column of the activity's step, a problem with the clock
    /// move before an activity on the whole step, with a note naming the instant. Problems
    /// elsewhere (the day ends) stay where they are.
    static func located(_ d: Diagnostic, lines: [Forecast.Line], scenario: SourceFile) -> Diagnostic {
        guard d.range.file == scenario.id else { return d }
        // Line 1 is `scenario "..."`; line k of lines() is line k + 2.
        let line = scenario.location(of: d.range.start).line - 2
        guard lines.indices.contains(line), let activity = lines[line].activity else { return d }
        var moved = d
        let step = activity.range
        if lines[line].isStep {
            let lineStart = scenario.lineStarts[line + 1]
            let length = step.end - step.start
            moved.range = SourceRange(file: step.file, start: step.start + min(length, d.range.start - lineStart),
                                      end: step.start + min(length, d.range.end - lineStart))
        } else {
            moved.range = step
            moved.notes.insert(Note("the forecast moves the clock with '\(lines[line].text)' for this activity"), at: 0)
        }
        moved.fixIts = []
        return moved
    }
}
