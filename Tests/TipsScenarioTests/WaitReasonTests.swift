import Foundation
import Testing
import TipsSource
@testable import TipsScenario

/// Why tips wait, as a forecast says it: each kind of reason the runtime's explanation
/// gives (a false rule with its clause and event, the group, the display frequency, the end)
/// on a small catalog whose days are worked out by hand.
@Suite struct WaitReasonTests {
    static let catalog = """
        config {
            displayFrequency daily
        }
        param ready: Bool = false
        event saved

        tip First {
            title "First"
            maxDisplayCount 1
        }

        tip Second {
            title "Second"
        }

        tip Gated {
            title "Gated"
            rule ready
            rule count(saved within 7d) >= 3
        }

        tip Later {
            title "Later"
        }

        group Steps ordered { First, Second }
        """

    static let persona = """
        persona "reasons"
        days 4
        daily 09:00 donate saved
        day 2 10:00 display First for 10s
        day 4 08:00 set ready = true
        """

    static func forecast(_ persona: String = persona) throws -> Forecast {
        var sources = SourceSet()
        sources.add(path: "cat/catalog.tips", text: catalog)
        let compiled = CompiledCatalog(path: "cat", sources: sources)
        #expect(compiled.errors.isEmpty, "\(compiled.errors.map(\.message))")
        let parsed = PersonaParser.parse(SourceFile(id: FileID(0), path: "p.persona", text: persona))
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message))")
        return Forecast(persona: try #require(parsed.persona), catalog: compiled)
    }

    /// (day, tip, the kind of reason or nil when it shows, words the reason must contain).
    static let expected: [(Int, String, WaitReason.Kind?, [String])] = [
        (1, "First", nil, []),
        (1, "Second", .group, ["group Steps shows First first", "earlier in the ordered group"]),
        (1, "Gated", .rule, ["rule 1 is false", "ready", "(and 1 more rule)"]),
        (1, "Later", nil, []),
        (2, "First", .ended, ["shown 1 time, its limit of 1"]),
        (2, "Second", .frequency, ["display frequency: First showed", "day 3 10:00"]),
        (2, "Later", .frequency, ["display frequency"]),
        (3, "Second", nil, []),
        (3, "Gated", .rule, ["rule 1 is false"]),
        (4, "Gated", nil, []),
    ]

    @Test func eachTipThatWaitsSaysWhy() throws {
        let f = try Self.forecast()
        #expect(f.diagnostics.isEmpty, "\(f.diagnostics.map(\.message))")
        try #require(f.days.count == 4)
        for (day, tip, kind, words) in Self.expected {
            let entry = try #require(f.days[day - 1].entries.first { $0.tip == tip })
            #expect(entry.why?.kind == kind, "day \(day) \(tip): \(entry.state) \(entry.why?.text ?? "shows")")
            for w in words { #expect(entry.why?.text.contains(w) == true, "day \(day) \(tip): \(entry.why?.text ?? "nil") lacks \(w)") }
        }
    }

    /// The rule's failing clause carries the value it saw, and the event it waits for.
    @Test func failingClauseNamesItsValuesAndEvent() throws {
        let f = try Self.forecast("persona \"clause\"\ndays 2\nonce set ready = true\ndaily 09:00 donate saved\n")
        let day1 = try #require(f.days.first?.entries.first { $0.tip == "Gated" }?.why)
        #expect(day1.kind == .rule)
        #expect(day1.text == "rule 2 is false: count(saved within 7d) = 1, needs >= 3; waits for event saved")
        let day2 = try #require(f.days.last?.entries.first { $0.tip == "Gated" }?.why)
        #expect(day2.text.contains("= 2, needs >= 3"))
    }

    /// A persona with nothing to do still samples each day at its end, from the first day.
    @Test func idlePersonaStartsOnDayOne() throws {
        let f = try Self.forecast("persona \"idle\"\ndays 3\n")
        #expect(f.days.map(\.number) == [1, 2, 3])
        for day in f.days {
            #expect(day.entries.first { $0.tip == "First" }?.state == .available, "day \(day.number)")
            #expect(day.entries.first { $0.tip == "Second" }?.why?.kind == .group, "day \(day.number)")
        }
    }

    /// Every shown tip has no reason and every tip not shown has one, on the notes-app persona too.
    @Test func reasonsExactlyForTipsNotShown() throws {
        let path = ForecastTests.root.appendingPathComponent("Definitions/notes-app/daily-writer.persona")
        let parsed = PersonaParser.parse(SourceFile(id: FileID(0), path: "daily-writer.persona", text: try String(contentsOf: path, encoding: .utf8)))
        let f = Forecast(persona: try #require(parsed.persona), catalog: try ForecastTests.notesCatalog())
        var kinds: Set<WaitReason.Kind> = []
        for day in f.days {
            for e in day.entries {
                let shown = e.state == .available || e.state == .displayed
                #expect((e.why == nil) == shown, "day \(day.number) \(e.tip): \(e.state) \(e.why?.text ?? "")")
                if let k = e.why?.kind { kinds.insert(k) }
            }
        }
        #expect(kinds.count >= 2, "\(kinds)")
    }
}
