import Testing
import TipsSource
import TipsTestSupport
@testable import TipsScenario

/// The recorded timeline and its SVG picture.
struct TimelineTests {
    static let story = """
        scenario "shortcut tip over a week"
        at 2026-01-05T09:00:00Z
        set hasSeenList = true
        donate manualSave x2
        advance 1h
        donate manualSave
        expect ShortcutTip available
        display ShortcutTip for 30s
        set isEditing = true
        donate noteEdited(mode: .rich, words: 300)
        expect PlainTip pending
        advance 1d
        expect PlainTip available
        action PlainTip "switch"
        at 2026-01-12T09:00:00Z
        expect ShortcutTip available
        advance 1ms
        expect ShortcutTip pending
        """

    static func timeline() -> Timeline? { runScenario(story).outcomes.first?.outcome.timeline }

    @Test func recordsSpansAtTheirExactInstants() throws {
        let t = try #require(Self.timeline())
        let shortcut = try #require(t.lanes.first { $0.label == "ShortcutTip" })
        let start: Int64 = 1_767_603_600_000
        #expect(shortcut.spans.map(\.state) == [.pending, .available, .displayed, .available, .pending])
        // Available once the third save is in; pending 7 days + 1 ms after the first two.
        #expect(shortcut.spans[1].start.at == start + 3_600_000)
        #expect(shortcut.spans[4].start.at == start + 7 * 86_400_000 + 1)
        let plain = try #require(t.lanes.first { $0.label == "PlainTip" })
        #expect(plain.spans.last?.state == .invalidated(.actionPerformed))
        #expect(t.marks.contains { $0.kind == .donation(event: "manualSave", count: 2) })
        #expect(t.marks.contains { $0.kind == .parameter(name: "hasSeenList", value: "true") })
        #expect(t.lanes.first { $0.label == "ItemTip" } == nil)
    }

    @Test func failedExpectationsAreMarked() throws {
        let report = runScenario("scenario \"f\"\nexpect ShortcutTip available\n")
        let t = try #require(report.outcomes.first?.outcome.timeline)
        #expect(t.marks.contains { if case .failure(0, _) = $0.kind { return true } else { return false } })
    }

    @Test func svgMatchesTheGoldenFile() throws {
        let t = try #require(Self.timeline())
        let svg = TimelineSVG.render(t)
        #expect(svg == TimelineSVG.render(t))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<title>ShortcutTip: invalidated") == false)
        #expect(svg.contains("PlainTip: invalidated (actionPerformed) from day 2 10:00:30 (+1d 1h 30s) to the end"))
        expectGolden(svg, "timeline.svg")
    }

    /// The axis names real days: day 1 is the scenario's first day, a day's first label has
    /// its date, later labels that day the time alone, and seconds only when set.
    @Test func axisLabelsAreDays() throws {
        let t = try #require(Self.timeline())
        let labels = TimelineLayout(t).axisLabels()
        let first = try #require(labels.first)
        #expect(first.text == "day 1 " + DayLabel.timeOfDay(t.start))
        #expect(first.date == DayLabel.date(t.start))
        for (a, b) in zip(labels, labels.dropFirst()) {
            let sameDay = DayLabel.day(a.at) == DayLabel.day(b.at)
            #expect(b.text.hasPrefix("day ") != sameDay, "\(a.text) then \(b.text)")
            #expect((b.date != nil) != sameDay)
            #expect(!b.text.contains("+"))
        }
    }

    /// Day numbers and times of day, across midnight, for instants before 1970 and far out.
    static let dayLabelCases: [(Int64, Int64, String)] = [
        (0, 0, "day 1 00:00"),
        (119_100_000, 82_800_000, "day 2 09:05"),
        (259_230_000, 0, "day 4 00:00:30"),
        (-1, 0, "day 0 23:59:59.999"),
        // Int64.max is 106751991167 days and 07:12:55.807; Int64.min falls on day -106751991168.
        (Int64.max, Int64.min, "day 213503982336 07:12:55.807"),
    ]

    @Test(arguments: dayLabelCases)
    func dayLabels(at: Int64, start: Int64, text: String) {
        #expect(DayLabel.text(at, start: start) == text)
    }

    /// The picture in Docs/testing.md is the first scenario of notes-app's writing.scenario.
    @Test func documentationExampleIsCurrent() throws {
        let root = repositoryRoot()
        let catalog = try #require(try DefinitionsScenarioTests.catalogs().first { $0.name == "notes-app" })
        let input = try #require(catalog.scenarios.first { $0.path.hasSuffix("/writing.scenario") })
        let title = "save shortcut tip: three saves in a week, three presentations at most"
        let report = ScenarioSuite.run([input], only: title)
        let outcome = try #require(report.outcomes.first?.outcome)
        #expect(outcome.passed)
        expectGolden(TimelineSVG.render(outcome.timeline), at: root.appendingPathComponent("Docs/images/timeline-example.svg"))
    }

    @Test(arguments: [(Int64(0), "0"), (45_000, "+45s"), (5_400_000, "+1h 30m"), (90_061_000, "+1d 1h 1m 1s"),
                      (604_800_001, "+7d 1ms"), (500, "+500ms")])
    func elapsedLabels(_ ms: Int64, _ text: String) {
        #expect(SVGText.elapsed(ms) == text)
    }

    @Test func numbersAndEscaping() {
        #expect(SVGText.num(12.0) == "12")
        #expect(SVGText.num(12.34) == "12.3")
        #expect(SVGText.num(-0.25) == "-0.3" || SVGText.num(-0.25) == "-0.2")
        #expect(SVGText.escape("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
        #expect(SVGText.fit("averyveryverylongname", width: 60, size: 12).hasSuffix("…"))
    }

    @Test func scaleIsMonotoneAndGivesStepsAtOneInstantTheirOwnSlot() {
        let ms: [Timeline.Moment] = [.init(at: 0, step: 0), .init(at: 0, step: 1), .init(at: 0, step: 2),
                                     .init(at: 30_000, step: 3), .init(at: 8 * 86_400_000, step: 4)]
        let scale = TimelineScale(moments: ms, left: 100, right: 900)
        let xs = ms.map { scale.x($0) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
        #expect(xs[1] - xs[0] > 10)
        #expect(xs.last ?? 900 < 900)
    }
}
