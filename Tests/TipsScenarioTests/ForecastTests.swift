import Foundation
import Testing
import TipsDriver
import TipsSource
import TipsTestSupport
@testable import TipsScenario

/// `tipc forecast`: a persona's statuses equal what its emitted scenario gives under
/// `TipsScenario`, and bad persona lines get located, coded diagnostics.
@Suite struct ForecastTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func notesCatalog() throws -> CompiledCatalog {
        let dir = root.appendingPathComponent("Definitions/notes-app")
        var sources = SourceSet()
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".tips") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            _ = sources.add(path: "Definitions/notes-app/" + name, text: text)
        }
        return CompiledCatalog(path: "Definitions/notes-app", sources: sources)
    }

    @Test func forecastAgreesWithItsEmittedScenario() throws {
        let path = Self.root.appendingPathComponent("Definitions/notes-app/daily-writer.persona")
        let file = SourceFile(id: FileID(0), path: "daily-writer.persona", text: try String(contentsOf: path, encoding: .utf8))
        let parsed = PersonaParser.parse(file)
        #expect(parsed.diagnostics.isEmpty)
        let persona = try #require(parsed.persona)
        let catalog = try Self.notesCatalog()
        let forecast = Forecast(persona: persona, catalog: catalog)
        #expect(forecast.diagnostics.isEmpty)
        #expect(forecast.days.count == persona.days)
        // The statuses must not all be the same, or the check below proves little.
        let states = Set(forecast.days.flatMap { $0.entries.map { Forecast.expected($0.state) } })
        #expect(states.count >= 2)
        let emitted = SourceFile(id: FileID(0), path: "emitted.scenario", text: forecast.emittedScenario)
        let scenarios = ScenarioParser.parse(emitted)
        #expect(scenarios.diagnostics.filter { $0.severity == .error }.isEmpty)
        let runner = ScenarioRunner(catalog: catalog, catalogFileOffset: 1, scenarioFile: emitted)
        let outcome = runner.run(try #require(scenarios.scenarios.first))
        #expect(outcome.passed, "\(outcome.diagnostics.map(\.message))")
        // And a changed expectation fails: the check can fail.
        let emittedText = forecast.emittedScenario
        let firstPending = try #require(emittedText.range(of: " pending\n"))
        let wrong = emittedText.replacingCharacters(in: firstPending, with: " available\n")
        #expect(wrong != forecast.emittedScenario)
        let wrongFile = SourceFile(id: FileID(0), path: "wrong.scenario", text: wrong)
        let wrongOutcome = ScenarioRunner(catalog: catalog, catalogFileOffset: 1, scenarioFile: wrongFile)
            .run(try #require(ScenarioParser.parse(wrongFile).scenarios.first))
        #expect(!wrongOutcome.passed)
    }

    static func dailyWriter() throws -> Forecast {
        let path = Self.root.appendingPathComponent("Definitions/notes-app/daily-writer.persona")
        let file = SourceFile(id: FileID(0), path: "daily-writer.persona", text: try String(contentsOf: path, encoding: .utf8))
        return Forecast(persona: try #require(PersonaParser.parse(file).persona), catalog: try Self.notesCatalog())
    }

    /// The notes-app daily writer's forecast as text, JSON and HTML: a change to what the
    /// runtime decides, or to how a reason reads, shows in review.
    @Test func dailyWriterGoldens() throws {
        let f = try Self.dailyWriter()
        #expect(f.diagnostics.isEmpty)
        expectGolden(f.text, "forecast-daily-writer.txt")
        expectGolden(f.json.rendered(pretty: true) + "\n", "forecast-daily-writer.json")
        expectGolden(f.html, "forecast-daily-writer.html")
        expectGolden(f.emittedScenario, "forecast-daily-writer.scenario")
    }

    /// The page is self-contained and escapes what it prints: no scripts, nothing fetched,
    /// and a persona title with markup comes out as text.
    @Test func htmlIsSelfContainedAndEscaped() throws {
        var f = try Self.dailyWriter()
        f.persona.name = "<script>alert(1)</script> & co"
        let html = f.html
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
        for fetched in ["src=", "href=", "@import", "url("] { #expect(!html.contains(fetched), "\(fetched)") }
        // One row per day in the day-by-day table.
        #expect(html.components(separatedBy: "<tr id=\"day-").count - 1 == f.days.count)
    }

    static let malformed = [
        ("persona \"x\"\nweekly 09:00 relaunch\n", "2:1", "S130"),
        ("persona \"x\"\ndaily 9am relaunch\n", "2:7", "S131"),
        ("persona \"x\"\ndaily 09:00 advance 1d\n", "2:13", "S132"),
        ("persona \"x\"\ndays 0\n", "2:6", "S133"),
        ("persona \"x\"\nonce donate\n", "2:12", "S111"),
        ("persona x\n", "1:9", "S131"),
    ]

    @Test(arguments: malformed)
    func malformedPersonaLines(text: String, at: String, code: String) {
        let file = SourceFile(id: FileID(0), path: "p.persona", text: text)
        let parsed = PersonaParser.parse(file)
        let d = parsed.diagnostics.first
        #expect(d?.code == code)
        if let d {
            let loc = file.location(of: d.range.start)
            #expect("\(loc.line):\(loc.column)" == at, "\(d.message)")
        }
    }
}
