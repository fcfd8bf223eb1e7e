import Foundation
import Testing
import TipsSource
import TipsSyntax
@testable import TipsCheck

/// Every code the checker and the lints register is emitted by at least one input of this
/// target's corpora (the `Inputs` catalogs with their inline expectations, the broken-catalog
/// corpus, the documented suggestions, the per-pass tables and the lint docs' examples), and
/// every code checking emits is registered (the parser's included; that each of the parser's
/// is emitted is `SyntaxCodeEmissionTests`'). A code that no `.tips` text can trigger is in
/// ``untriggerable``, with the reason.
@Suite struct DiagnosticCodeEmissionTests {
    /// The codes this target's inputs must reach.
    static let registered = DiagnosticCode.checkerCodes + DiagnosticCode.lintCodes
    /// The codes checking may emit.
    static let emittable = DiagnosticCode.syntaxCodes + registered

    /// Codes no input can produce, and why.
    static let untriggerable: [DiagnosticCode: String] = [
        .retiredReusableTipInGroup: "retired: reusable tips may be group members now; the number stays reserved",
        .retiredDuplicateTipID: "retired: two tips with one id are W154, a warning (TipKit allows it); the number stays reserved",
        .nearMissExtension: "about files the checker never sees: the driver lists the catalog's folders (NearMissFilesTests in TipsDriverTests)",
    ]

    /// The diagnostics of checking `files` as one catalog.
    static func check(_ files: [(String, String)]) -> [Diagnostic] {
        TestSupport.check(files).diagnostics
    }

    static func check(_ text: String) -> [Diagnostic] { TestSupport.check(text).diagnostics }

    /// The codes of everything the corpora of this target emit, computed once.
    static let emittedCodes = emitted()

    static func emitted() -> Set<String> {
        var codes: Set<String> = []
        func add(_ diagnostics: [Diagnostic]) { codes.formUnion(diagnostics.map(\.code)) }
        for catalog in ExpectationRunnerTests.catalogs() {
            add(check(ExpectationRunnerTests.files(of: catalog)))
        }
        for c in BrokenCatalogCorpus.cases { add(BrokenCatalogTests.outcome(c).diagnostics) }
        for example in DocumentedSuggestionTests.examples { add(DocumentedSuggestionTests.check(example).1) }
        for c in LintCase.all { add(LintExpectations.lint(c.trigger).diagnostics) }
        // LintDocsTests fails on its own when the doc cannot be read.
        for (_, source) in (try? LintDocsTests.examples()) ?? [] { add(LintExpectations.lint(source).diagnostics) }
        for (expr, _) in ExpressionTypeTests.cases {
            add(check(ExpressionTypeTests.prelude + "tip T {\n    title \"t\"\n    rule \(expr)\n}\n"))
        }
        for (source, _, _) in KeyCheckTests.invalidKeyCases { add(check(source)) }
        for (source, _) in RenameCheckTests.invalidRenameCases { add(check(source)) }
        for (source, _) in NamedConstantTests.mistakeCases {
            add(NamedConstantTests.check([("case.tips", source)]).diagnostics)
        }
        for (items, _, _) in ConditionCheckTests.errorCases { add(check(ConditionCheckTests.tip(items))) }
        for (items, _, _) in GoalCheckTests.errorCases { add(check(GoalCheckTests.tip(items))) }
        for (items, _, _) in ExperimentCheckTests.errorCases { add(check(ExperimentCheckTests.tip(items))) }
        for (rule, _, _, _) in CalendarCheckTests.mistakeCases { add(CalendarCheckTests.rules(rule).diagnostics) }
        for (body, _, _) in SnoozeCheckTests.mistakes { add(SnoozeCheckTests.action(body).diagnostics) }
        return codes
    }

    @Test func everyRegisteredCodeIsEmitted() {
        let emitted = Self.emittedCodes
        let missing = Self.registered.filter { !emitted.contains($0.text) && Self.untriggerable[$0] == nil }
        #expect(missing.isEmpty, "no input emits \(missing.map(\.text)); add one to a corpus or table read by emitted()")
    }

    @Test func everyEmittedCodeIsRegistered() {
        let unregistered = Self.emittedCodes.subtracting(Self.emittable.map(\.text))
        #expect(unregistered.isEmpty, "emitted but not registered: \(unregistered.sorted())")
    }

    /// An untriggerable code that an input does trigger belongs in the corpus instead.
    @Test func untriggerableCodesAreNotEmitted() {
        let emitted = Self.emittedCodes
        for code in Self.untriggerable.keys {
            #expect(!emitted.contains(code.text), "\(code) is emitted: remove it from untriggerable")
            #expect(Self.registered.contains(code))
        }
    }
}
