import Testing
import TipsSource
@testable import TipsScenario

/// Every code scenario tests register is emitted by at least one input (the parser's bad
/// lines, the runner's refused steps, and ``triggers`` for the rest), and every code they
/// emit is registered. A code no scenario or catalog text can trigger is in
/// ``untriggerable``, with the reason.
@Suite struct ScenarioCodeEmissionTests {
    /// Codes no input can produce, and why.
    static let untriggerable: [DiagnosticCode: String] = [
        .retiredExpectExplain: "retired: 'expect explain' runs now; the number stays reserved",
        .storeFailure: "needs the temporary directory to refuse the store (no space, no permission), which no scenario or catalog text can cause",
    ]

    /// A scenario file, run against a catalog (nil: none), that reports `code`.
    struct Trigger: Sendable, CustomTestStringConvertible {
        var code: DiagnosticCode
        var scenario: String
        var catalog: String? = smallCatalog
        var testDescription: String { code.text }
    }

    static let triggers: [Trigger] = [
        Trigger(code: .stepBeforeScenario, scenario: "# header\nadvance 1h\nscenario \"s\"\nexpect ShortcutTip pending\n"),
        Trigger(code: .scenarioChecksNothing, scenario: "scenario \"nothing checked\"\nadvance 1h\n"),
        Trigger(code: .noScenarios, scenario: "# only a comment\n"),
        Trigger(code: .unexpectedStatus, scenario: "scenario \"s\"\nexpect ShortcutTip available\n"),
        Trigger(code: .unexpectedCurrentTip, scenario: "scenario \"s\"\nexpect group Main current ShortcutTip\n"),
        Trigger(code: .unexpectedParameterValue, scenario: "scenario \"s\"\nexpect param hasSeenList == true\n"),
        Trigger(code: .explanationLacksText, scenario: "scenario \"s\"\nexpect explain ShortcutTip contains \"no such text\"\n"),
        Trigger(code: .explanationShown, scenario: "scenario \"s\"\nexplain ShortcutTip\nexpect ShortcutTip pending\n"),
        Trigger(code: .unexpectedObservedStatuses,
                scenario: "scenario \"s\"\nset hasSeenList = true\ndonate manualSave x3\nexpect observed ShortcutTip available\n"),
        Trigger(code: .notConverted, scenario: "scenario \"s\"\nexpect converted G\n",
                catalog: "event used\ntip G { title \"G\" goal used within 1d }"),
        Trigger(code: .tipHasNoGoal, scenario: "scenario \"s\"\nexpect converted ShortcutTip\n"),
        Trigger(code: .unexpectedVariant, scenario: "scenario \"s\"\nexpect variant X b\n",
                catalog: "tip X { title \"X\" experiment e { holdout 50% variant b 50% { title \"B\" } } }"),
        Trigger(code: .tipHasNoExperiment, scenario: "scenario \"s\"\nexpect variant ShortcutTip b\n"),
        Trigger(code: .catalogHasErrors, scenario: "scenario \"s\"\nexpect T pending\n", catalog: "tip T { rule nope }"),
        Trigger(code: .noCatalog, scenario: "scenario \"s\"\nexpect T pending\n", catalog: nil),
    ]

    static func run(_ t: Trigger) -> [Diagnostic] {
        guard let catalog = t.catalog else {
            return ScenarioSuite.run([ScenarioSuite.Input(path: "x.scenario", bytes: Array(t.scenario.utf8), catalog: nil)]).diagnostics
        }
        return runScenario(t.scenario, catalog: catalog).diagnostics
    }

    /// The codes of everything the tables and the triggers emit, computed once.
    static let emittedCodes = emitted()

    static func emitted() -> Set<String> {
        var codes: Set<String> = []
        for (line, _) in ScenarioParserTests.goodLines + ScenarioParserTests.badLines {
            codes.formUnion(parseScenario("scenario \"s\"\n\(line)\nexpect T available\n").0.diagnostics.map(\.code))
        }
        for (step, _) in ScenarioRunnerTests.refusedStepCases {
            codes.formUnion(runScenario("scenario \"s\"\nadvance 1s\n\(step)\nexpect ShortcutTip pending\n").diagnostics.map(\.code))
        }
        for t in triggers { codes.formUnion(run(t).map(\.code)) }
        for (text, _, _) in ForecastTests.malformed {
            codes.formUnion(PersonaParser.parse(SourceFile(id: FileID(0), path: "p.persona", text: text)).diagnostics.map(\.code))
        }
        return codes
    }

    @Test func everyRegisteredCodeIsEmitted() {
        let missing = DiagnosticCode.scenarioCodes.filter { !Self.emittedCodes.contains($0.text) && Self.untriggerable[$0] == nil }
        #expect(missing.isEmpty, "no input emits \(missing.map(\.text)); add one to ScenarioCodeEmissionTests.triggers")
    }

    /// Scenario files report their own codes; a catalog's errors (E, W) come with S213.
    @Test func everyEmittedCodeIsRegistered() {
        let unregistered = Self.emittedCodes.filter { $0.hasPrefix("S") }.subtracting(DiagnosticCode.scenarioCodes.map(\.text))
        #expect(unregistered.isEmpty, "emitted but not registered: \(unregistered.sorted())")
    }

    @Test func untriggerableCodesAreNotEmitted() {
        for code in Self.untriggerable.keys {
            #expect(!Self.emittedCodes.contains(code.text), "\(code) is emitted: remove it from untriggerable")
            #expect(DiagnosticCode.scenarioCodes.contains(code))
        }
    }

    @Test(arguments: triggers)
    func theTriggerReportsItsCode(_ t: Trigger) {
        let diagnostics = Self.run(t)
        #expect(diagnostics.contains { $0.hasCode(t.code) }, "\(diagnostics.map { "\($0.code) \($0.message)" })")
    }
}
