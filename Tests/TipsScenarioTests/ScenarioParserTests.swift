import Testing
import TipsRuntime
import TipsSource
import TipsTime
@testable import TipsScenario

/// The scenario format, line by line: what good lines mean, and the exact diagnostic of
/// each kind of bad line.
struct ScenarioParserTests {
    /// A compact, stable text for a step (the test's own notation).
    static func describe(_ step: ScenarioStep, in file: SourceFile) -> String {
        func v(_ value: ScenarioValue) -> String {
            switch value.kind {
            case .literal(let l): return l.description
            case .now(let offset): return offset == 0 ? "now" : "now\(offset > 0 ? "+" : "")\(offset)ms"
            }
        }
        func t(_ ref: TipReference) -> String {
            ref.arguments.isEmpty ? ref.name.text
                : ref.name.text + "(" + ref.arguments.map { "\($0.name.text)=\(v($0.value))" }.joined(separator: ",") + ")"
        }
        switch step.kind {
        case .advance(let ms): return "advance \(ms)ms"
        case .advanceTo(let at): return "at \(at)"
        case .set(let p, let value): return "set \(p.text)=\(v(value))"
        case .donate(let e, let payload, let times, let every):
            let fields = payload.map { "\($0.name.text)=\(v($0.value))" }.joined(separator: ",")
            return "donate \(e.text)(\(fields)) x\(times)" + (every.map { " every \($0)ms" } ?? "")
        case .begin(let r): return "begin \(t(r))"
        case .end(let r, let after): return "end \(t(r))" + (after.map { " after \($0)ms" } ?? "")
        case .display(let r, let d): return "display \(t(r)) for \(d)ms"
        case .close(let r): return "close \(t(r))"
        case .invalidate(let r, let reason): return "invalidate \(t(r)) \(reason.rawValue)"
        case .action(let r, let id, _): return "action \(t(r)) \(id)"
        case .resetEligibility(let r): return "reset \(t(r))"
        case .resetStore: return "reset store"
        case .relaunch: return "relaunch"
        case .explain(let r): return "explain \(t(r))"
        case .expectConverted(let r): return "expect converted \(t(r))"
        case .expectVariant(let r, let v): return "expect variant \(t(r)) \(v.text)"
        case .install(let id): return "install \(id)"
        case .platform(let p): return "platform \(p.rawValue)"
        case .timeZone(let id): return "time zone \(id)"
        case .appUpdated: return "app updated"
        case .override(let change):
            switch change {
            case .showAll: return "override showAll"
            case .hideAll: return "override hideAll"
            case .clear: return "override clear"
            case .show(let n): return "override show " + n.map(\.text).joined(separator: ",")
            case .hide(let n): return "override hide " + n.map(\.text).joined(separator: ",")
            case .variant(let tip, let v): return "override variant \(tip.text) \(v.text)"
            }
        case .expectStatus(let r, let s, _): return "expect \(t(r)) \(s)"
        case .expectGroup(let g, let c, _): return "expect group \(g.text) \(c.map(t) ?? "none")"
        case .expectParameter(let p, let value): return "expect param \(p.text)==\(v(value))"
        case .expectExplanation(let r, let wanted, _): return "expect explain \(t(r)) contains \(wanted.debugDescription)"
        case .expectObserved(let r, let statuses, _):
            return "expect observed \(t(r)) " + statuses.map(\.description).joined(separator: ",")
        }
    }

    static let goodLines: [(String, String)] = [
        ("advance 1h30m", "advance 5400000ms"),
        ("install \"install-5\"", "install install-5"),
        ("override variant SearchTip long", "override variant SearchTip long"),
        ("expect variant SearchTip holdout", "expect variant SearchTip holdout"),
        ("advance 500ms # a comment", "advance 500ms"),
        ("advance 2w // also a comment", "advance 1209600000ms"),
        ("set hasSeenList = true", "set hasSeenList=true"),
        ("set count = -3", "set count=-3"),
        ("set speed = 45.5", "set speed=45.5"),
        ("set name = \"Ada \\\"A\\\" \\u{1F600}\"", "set name=\"Ada \"A\" 😀\""),
        ("set plan = .pro", "set plan=.pro"),
        ("expect observed ShortcutTip pending, available, invalidated(tipClosed)",
         "expect observed ShortcutTip pending,available,invalidated(tipClosed)"),
        ("set tags = [\"b\", \"a\", \"b\"]", "set tags=[\"a\", \"b\"]"),
        ("set tags = []", "set tags=[]"),
        ("set last = nil", "set last=nil"),
        ("set last = now", "set last=now"),
        ("set last = now - 3d", "set last=now-259200000ms"),
        ("set launch = 2026-03-02T09:00:00Z", "set launch=date(1772442000000ms)"),
        ("set launch = date(\"2026-03-02T10:00:00+01:00\")", "set launch=date(1772442000000ms)"),
        ("set day = 2026-03-02", "set day=date(1772409600000ms)"),
        ("donate manualSave", "donate manualSave() x1"),
        ("donate manualSave x3", "donate manualSave() x3"),
        ("donate manualSave x3 every 1d", "donate manualSave() x3 every 86400000ms"),
        ("donate noteEdited(mode: .rich, words: 1_000)", "donate noteEdited(mode=.rich,words=1000) x1"),
        ("donate e() every 5m", "donate e() x1 every 300000ms"),
        ("begin ShortcutTip", "begin ShortcutTip"),
        ("end ShortcutTip", "end ShortcutTip"),
        ("end ShortcutTip after 30s", "end ShortcutTip after 30000ms"),
        ("display ShortcutTip for 1m", "display ShortcutTip for 60000ms"),
        ("close ShortcutTip", "close ShortcutTip"),
        ("invalidate ShortcutTip", "invalidate ShortcutTip actionPerformed"),
        ("invalidate ShortcutTip tipClosed", "invalidate ShortcutTip tipClosed"),
        ("invalidate ShortcutTip reason displayCountExceeded", "invalidate ShortcutTip displayCountExceeded"),
        ("action ShortcutTip \"open-editor\"", "action ShortcutTip open-editor"),
        ("action NewItemTip(itemID: \"42\") \"open\"", "action NewItemTip(itemID=\"42\") open"),
        ("reset ShortcutTip", "reset ShortcutTip"),
        ("reset store", "reset store"),
        ("relaunch", "relaunch"),
        ("platform macOS", "platform macOS"),
        ("explain ShortcutTip", "explain ShortcutTip"),
        ("platform watchOS  # a comment", "platform watchOS"),
        ("override showAll", "override showAll"),
        ("override hideAll", "override hideAll"),
        ("override show A, B", "override show A,B"),
        ("override hide C", "override hide C"),
        ("override clear", "override clear"),
        ("expect ShortcutTip pending", "expect ShortcutTip pending"),
        ("expect ShortcutTip available", "expect ShortcutTip available"),
        ("expect ShortcutTip invalidated", "expect ShortcutTip invalidated"),
        ("expect ShortcutTip invalidated(displayCountExceeded)", "expect ShortcutTip invalidated(displayCountExceeded)"),
        ("expect NewItemTip(itemID: \"42\", n: 7) available", "expect NewItemTip(itemID=\"42\",n=7) available"),
        ("expect group Onboarding current WelcomeTip", "expect group Onboarding WelcomeTip"),
        ("expect group Onboarding current none", "expect group Onboarding none"),
        ("expect param plan == .pro", "expect param plan==.pro"),
        ("expect param count = 3", "expect param count==3"),
        ("expect explain ShortcutTip contains \"count(manualSave within 7d) = 2\"",
         "expect explain ShortcutTip contains \"count(manualSave within 7d) = 2\""),
        ("expect explain NewItemTip(itemID: \"42\") contains \"next: available at\"",
         "expect explain NewItemTip(itemID=\"42\") contains \"next: available at\""),
        ("expect explain ShortcutTip contains \"\\u{2717} hasSeenList\" # a comment",
         "expect explain ShortcutTip contains \"✗ hasSeenList\""),
        ("at 2026-01-02T00:00:00Z", "at 1767312000000"),
    ]

    @Test(arguments: goodLines)
    func goodLine(_ line: String, _ expected: String) {
        // A first step so `at` is a step, not the start instant.
        let (parsed, set) = parseScenario("scenario \"s\"\nadvance 1s\n\(line)\n")
        #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty,
                "\(DiagnosticRenderer.text(parsed.diagnostics, sources: set))")
        let steps = parsed.scenarios.first?.steps ?? []
        #expect(steps.count == 2)
        if let step = steps.last { #expect(Self.describe(step, in: set.files[0]) == expected) }
    }

    /// Durations in words get the fix-it `.tips` files get (issue 20 item 6): digits or a
    /// number word, and a unit word.
    @Test(arguments: [("advance 3 days", "3d"), ("advance three days", "3d"), ("advance twenty minutes", "20m"),
                      ("advance 2 weeks", "2w"), ("advance one hour", "1h")])
    func aDurationInWordsGetsAFixIt(_ line: String, _ spelled: String) throws {
        let (parsed, set) = parseScenario("scenario \"s\"\n\(line)\n")
        let d = try #require(parsed.diagnostics.first)
        #expect(d.code == "S111")
        let fixIt = try #require(d.fixIts.first)
        #expect(fixIt.edits.map(\.replacement) == [spelled])
        // Applied, the line parses.
        var bytes = Array(set.files[0].text.utf8)
        let edit = fixIt.edits[0]
        bytes.replaceSubrange(Int(edit.range.start)..<Int(edit.range.end), with: Array(spelled.utf8))
        let (fixed, _) = parseScenario(String(decoding: bytes, as: UTF8.self))
        #expect(fixed.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    /// Each bad line and the first line of its diagnostic (the line is line 2 of the file).
    static let badLines: [(String, String)] = [
        ("advanse 1h", "t.scenario:2:1: error: unknown step 'advanse' [S110]"),
        ("platform macos", "t.scenario:2:10: error: unknown platform 'macos' [S111]"),
        ("platform iPad", "t.scenario:2:10: error: unknown platform 'iPad' [S111]"),
        ("platform", "t.scenario:2:9: error: expected a platform (iOS, iPadOS, macOS, tvOS, visionOS, watchOS), found the end of the line [S111]"),
        ("platform iOS macOS", "t.scenario:2:14: error: unexpected 'macOS' after the step [S112]"),
        ("42", "t.scenario:2:1: error: expected a step such as 'advance', 'donate' or 'expect', found '42' [S110]"),
        ("advance", "t.scenario:2:8: error: expected how long to advance (a duration such as 30s, 1h30m or 8d), found the end of the line [S111]"),
        ("advance 1x", "t.scenario:2:9: error: invalid number, duration or instant '1x' [S101]"),
        ("advance 1m1h", "t.scenario:2:9: error: invalid number, duration or instant '1m1h' [S101]"),
        ("advance 3 days", "t.scenario:2:9: error: a duration is written '3d', not '3 days' [S111]"),
        ("advance three days", "t.scenario:2:9: error: a duration is written '3d', not 'three days' [S111]"),
        ("advance 2 h", "t.scenario:2:9: error: a duration is written '2h', not '2 h' [S111]"),
        ("advance 1h 2m", "t.scenario:2:12: error: unexpected '2m' after the step [S112]"),
        ("set p true", "t.scenario:2:7: error: expected '=', found 'true' [S111]"),
        ("set p = pro", "t.scenario:2:9: error: expected a value, found 'pro' [S111]"),
        ("set p = \"abc", "t.scenario:2:9: error: unterminated string [S103]"),
        ("set p = \"a\\qb\"", "t.scenario:2:11: error: invalid escape '\\q' [S102]"),
        ("set p = 2026-02-30T00:00:00Z", "t.scenario:2:9: error: invalid number, duration or instant '2026-02-30T00:00:00Z' [S101]"),
        ("set p = 3 @", "t.scenario:2:11: error: unexpected character '@' [S100]"),
        ("set p = 3d", "t.scenario:2:9: error: a duration is not a value; write a number or an instant [S111]"),
        ("donate e x0", "t.scenario:2:10: error: a donation repeats 1 to 10000 times [S115]"),
        ("donate e(a 1)", "t.scenario:2:12: error: expected ':' after 'a', found '1' [S111]"),
        ("donate e(a: 1", "t.scenario:2:14: error: expected ')' or ',', found the end of the line [S111]"),
        ("display T", "t.scenario:2:10: error: expected 'for' and a duration, found the end of the line [S111]"),
        ("invalidate T byAccident", "t.scenario:2:14: error: unknown invalidation reason 'byAccident' [S117]"),
        ("action T open", "t.scenario:2:10: error: expected the action's id in quotes, found 'open' [S111]"),
        ("override everything", "t.scenario:2:10: error: expected showAll, hideAll, show, hide, variant or clear, found 'everything' [S111]"),
        ("expect T availble", "t.scenario:2:10: error: unknown status 'availble' [S116]"),
        ("expect T snoozed until soon", "t.scenario:2:24: error: expected an instant such as 2026-01-04T09:00:00Z after 'snoozed until', found 'soon' [S111]"),
        ("expect T", "t.scenario:2:9: error: expected a status (pending, available, invalidated or snoozed), found the end of the line [S111]"),
        ("expect T invalidated(closed)", "t.scenario:2:22: error: unknown invalidation reason 'closed' [S117]"),
        ("expect group G T", "t.scenario:2:16: error: expected 'current', found 'T' [S111]"),
        ("expect param p > 3", "t.scenario:2:16: error: unexpected character '>' [S100]"),
        ("expect param p != 3", "t.scenario:2:16: error: unexpected character '!' [S100]"),
        ("expect param p : 3", "t.scenario:2:16: error: expected '==', found ':' [S111]"),
        ("expect explain", "t.scenario:2:15: error: expected a tip name, found the end of the line [S111]"),
        ("expect explain \"x\" contains \"y\"", "t.scenario:2:16: error: expected a tip name, found '\"x\"' [S111]"),
        ("expect explain T", "t.scenario:2:17: error: expected 'contains' and the text in quotes, found the end of the line [S111]"),
        ("expect explain T has \"x\"", "t.scenario:2:18: error: expected 'contains' and the text in quotes, found 'has' [S111]"),
        ("expect explain T contains", "t.scenario:2:26: error: expected the text to look for in quotes, found the end of the line [S111]"),
        ("expect explain T contains count", "t.scenario:2:27: error: expected the text to look for in quotes, found 'count' [S111]"),
        ("expect explain T contains \"\"", "t.scenario:2:27: error: the text to look for is empty [S111]"),
        ("expect explain T contains \"a\" \"b\"", "t.scenario:2:31: error: unexpected '\"b\"' after the step [S112]"),
        ("scenario", "t.scenario:2:9: error: expected the scenario's title in quotes, found the end of the line [S111]"),
        ("scenario \"s\"", "t.scenario:2:1: error: duplicate scenario 's' [S114]"),
    ]

    @Test(arguments: badLines)
    func badLine(_ line: String, _ expected: String) {
        let (parsed, set) = parseScenario("scenario \"s\"\n\(line)\nexpect T available\n")
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1)
        let text = DiagnosticRenderer.text(errors, sources: set)
        #expect(text.split(separator: "\n").first.map(String.init) == expected)
        if line.hasPrefix("scenario") == false { #expect(parsed.scenarios.first?.hasErrors == true) }
    }

    @Test func unknownStepSuggestsTheKeyword() {
        let (parsed, set) = parseScenario("scenario \"s\"\ndonte manualSave\n")
        #expect(DiagnosticRenderer.text(parsed.diagnostics, sources: set) == """
            t.scenario:2:1: error: unknown step 'donte' [S110]
            donte manualSave
            ^~~~~
            note: did you mean 'donate'?
            fix-it: replace 'donte' with 'donate'

            """)
    }

    @Test func stepBeforeTheFirstScenario() {
        let (parsed, set) = parseScenario("# header\nadvance 1h\nscenario \"s\"\nexpect T available\n")
        #expect(DiagnosticRenderer.text(parsed.diagnostics, sources: set).hasPrefix(
            "t.scenario:2:1: error: step before the first scenario; start one with 'scenario \"title\"' [S113]"))
        #expect(parsed.scenarios.count == 1)
        #expect(parsed.scenarios[0].hasErrors == false)
    }

    @Test func startInstantAndSeveralScenarios() {
        let (parsed, _) = parseScenario("""
            scenario "one"  # first
            at 2026-01-01T09:00:00Z
            advance 1h
            at 2026-01-02T00:00:00Z
            expect T available

            scenario "two"
            expect T pending
            """)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.scenarios.map(\.name) == ["one", "two"])
        #expect(parsed.scenarios[0].start == 1_767_258_000_000)
        #expect(parsed.scenarios[0].steps.count == 3)
        #expect(parsed.scenarios[1].start == Scenario.defaultStart)
    }

    /// Only the first `at` sets the start: a second one right after it is a step that moves
    /// the clock on (a forecast's days begin so when nothing happens before them).
    @Test func secondLeadingAtIsAStep() {
        let (parsed, _) = parseScenario("""
            scenario "one"
            at 2026-01-01T00:00:00Z
            at 2026-01-01T09:00:00Z
            expect T available
            """)
        #expect(parsed.scenarios[0].start == 1_767_225_600_000)
        #expect(parsed.scenarios[0].steps.count == 2)
        if case .advanceTo(let t)? = parsed.scenarios[0].steps.first?.kind { #expect(t == 1_767_258_000_000) }
        else { Issue.record("the second at is not a step: \(parsed.scenarios[0].steps)") }
    }

    @Test func warnings() {
        let (parsed, set) = parseScenario("scenario \"nothing checked\"\nadvance 1h\n")
        #expect(DiagnosticRenderer.text(parsed.diagnostics, sources: set).hasPrefix(
            "t.scenario:1:1: warning: scenario 'nothing checked' checks nothing; add an 'expect' step [S119]"))
        let (empty, set2) = parseScenario("# only a comment\n")
        #expect(DiagnosticRenderer.text(empty.diagnostics, sources: set2).hasPrefix(
            "t.scenario:1:1: warning: no scenarios in this file [S120]"))
    }

    @Test(arguments: [
        ("0", "0s"), ("1", "1ms"), ("60000", "1m"), ("5400000", "1h30m"), ("691200001", "8d1ms"), ("-1000", "-1s"),
    ])
    func durationsFormat(_ ms: String, _ text: String) {
        #expect(DurationText.format(Int64(ms) ?? 0) == text)
        #expect(DurationText.parse(text.hasPrefix("-") ? "x" : text) == (text.hasPrefix("-") ? nil : Int64(ms)))
    }

    @Test(arguments: [
        ("2026-01-01T09:00:00Z", Int64(1_767_258_000_000)), ("1970-01-01", 0), ("2024-02-29T12:30Z", 1_709_209_800_000),
        ("1969-12-31T23:59:59.999Z", -1),
    ])
    func instantsRoundTrip(_ text: String, _ ms: Int64) {
        #expect(ISO8601.parse(text, secondsOptional: true) == ms)
        #expect(ISO8601.parse(ISO8601.display(ms), secondsOptional: true) == ms)
    }
}

/// Values at the edges never trap.
struct ScenarioEdgeTests {
    @Test func hugeOffsetsAndCountsAreSafe() {
        #expect(ISO8601.display(Int64.min) == "@\(Int64.min)ms")
        #expect(ISO8601.display(Int64.max) == "@\(Int64.max)ms")
        #expect(ISO8601.display(-62_167_219_200_000) == "0000-01-01T00:00:00Z")
        #expect(DurationText.parse("99999999999999999999w") == nil)
        #expect(DurationText.format(Int64.min).hasPrefix("-"))
        let (parsed, _) = parseScenario("scenario \"s\"\ndonate e x99999999999999999999\nset d = now - 2000000000w\nadvance 99999999999999999999s\n")
        #expect(parsed.diagnostics.map(\.code) == ["S115", "S101"])
    }
}

/// `expect T snoozed [until T]` (issue 20 item 3): the expectation and what it matches.
@Suite struct SnoozedExpectationTests {
    @Test(arguments: [
        (ScenarioStep.ExpectedStatus.snoozed(until: nil), TipStatus.snoozed(until: 5), true),
        (.snoozed(until: 5), .snoozed(until: 5), true),
        (.snoozed(until: 6), .snoozed(until: 5), false),
        (.snoozed(until: nil), .available, false),
        (.pending, .snoozed(until: 5), false),
    ])
    func matches(_ want: ScenarioStep.ExpectedStatus, _ got: TipStatus, _ ok: Bool) {
        #expect(want.matches(got) == ok)
    }
}
