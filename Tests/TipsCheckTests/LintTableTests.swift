import Testing
import TipsSource
@testable import TipsCheck

/// One lint, a snippet that triggers it and a near miss that must not.
struct LintCase: CustomTestStringConvertible, Sendable {
    var code: DiagnosticCode
    var trigger: String
    var nearMiss: String
    var testDescription: String { code.text }
}

extension LintCase {
    static let all: [LintCase] = [
        LintCase(code: .emptyText,
                 trigger: #"tip T { title " \t" rule x }"#,
                 nearMiss: #"tip T(n: Int) { id "T-\(n)" title "\(n)" rule x }"#),
        LintCase(code: .longTitle,
                 trigger: #"tip T { title "Keep every recipe you love in one place!!" rule x }"#,
                 nearMiss: #"tip T { title "Keep every recipe you love in one place!" rule x }"#),
        LintCase(code: .titlePeriod,
                 trigger: #"tip T { title "Save faster." rule x }"#,
                 nearMiss: #"tip T { title "Save faster..." message "Press it." rule x }"#),
        LintCase(code: .manySentences,
                 trigger: #"tip T { title "T" message "One. Two. Three" rule x }"#,
                 nearMiss: #"tip T { title "T" message "Version 2.5 is here, e.g. for iPad. Try it!" rule x }"#),
        LintCase(code: .longMessage,
                 trigger: "tip T { title \"T\" message \"\(String(repeating: "a", count: 161))\" rule x }",
                 nearMiss: "tip T { title \"T\" message \"\(String(repeating: "a", count: 160))\" rule x }"),
        LintCase(code: .imageName,
                 trigger: #"tip T { title "T" image "star fill" rule x }"#,
                 nearMiss: #"tip T { title "T" image "star.fill" rule x }"#),
        LintCase(code: .unknownSymbolName,
                 trigger: #"tip T { title "T" image "sqaure.and.arrow.up" rule x }"#,
                 nearMiss: #"tip T { title "T" image "person.3" rule x }"#),
        LintCase(code: .unknownSymbolName,
                 trigger: #"tip T { title "T" image "gearshap" rule x }"#,
                 nearMiss: #"tip T { title "T" image "heart.circle.fill" rule x }"#),
        LintCase(code: .duplicateActionTitle,
                 trigger: #"tip T { title "T" rule x action "a" { title "Go" } action "b" { title "Go" } }"#,
                 nearMiss: #"tip T { title "T" rule x action "a" { title "Go" } action "b" { title "Later" } }"#),
        LintCase(code: .noRules,
                 trigger: #"tip T { title "T" } tip U { title "U" }"#,
                 nearMiss: #"group G { A, T } tip A { title "A" } tip T { title "T" } tip U { title "U" rule x }"#),
        LintCase(code: .countEquality,
                 trigger: #"event e tip T { title "T" rule count(e within 7d) == 3 }"#,
                 nearMiss: #"event e tip T { title "T" rule count(e within 7d) >= 3 && count(e) == 0 }"#),
        LintCase(code: .duplicateRule,
                 trigger: "tip T { title \"T\" rule a && b\n rule a\n  &&  b }",
                 nearMiss: #"tip T { title "T" rule a && b rule b && a }"#),
        LintCase(code: .selfInvalidating,
                 trigger: #"event e tip T { title "T" rule count(e) >= 1 invalidate when e }"#,
                 nearMiss: #"event e(ok: Bool) tip T { title "T" rule count(e) >= 1 invalidate when e where ok }"#),
        LintCase(code: .countBeyondLimit,
                 trigger: #"event e limit 3 tip T { title "T" rule x || count(e within 1d) >= 4 }"#,
                 nearMiss: #"event e limit 3 tip T { title "T" rule (x || count(e within 1d) >= 3) && count(e) >= 4 }"#),
        LintCase(code: .windowBeyondMaxAge,
                 trigger: #"event e maxAge 7d tip T { title "T" rule count(e within 8d) >= 1 }"#,
                 nearMiss: #"event e maxAge 7d tip T { title "T" rule count(e within 1w) >= 1 }"#),
        LintCase(code: .unusedEvent,
                 trigger: #"event e event f tip T { title "T" rule count(f) > 0 action "a" { title "A" donate e } }"#,
                 nearMiss: #"event e tip T { title "T" rule x invalidate when e }"#),
        LintCase(code: .unusedParam,
                 trigger: #"param p: Int = 0 tip T { title "T" rule x action "a" { title "A" set p = 1 } }"#,
                 nearMiss: #"param p: Set<String> = [] tip T { title "T" rule p.count > 1 }"#),
        LintCase(code: .unusedConstant,
                 trigger: #"let n = 3 tip T { title "T" rule x }"#,
                 nearMiss: #"let n = 3 let w = 1d * n event e tip T { title "T" rule count(e within w) >= 1 }"#),
        LintCase(code: .shortDisplayDuration,
                 trigger: #"tip T { title "T" rule x maxDisplayDuration 59s }"#,
                 nearMiss: #"tip T { title "T" rule x maxDisplayDuration 1m }"#),
        LintCase(code: .hugeDisplayCount,
                 trigger: #"tip T { title "T" rule x maxDisplayCount 100 }"#,
                 nearMiss: #"tip T { title "T" rule x maxDisplayCount 99 }"#),
        LintCase(code: .uselessIgnoresFrequency,
                 trigger: #"config { displayFrequency immediate } tip T { title "T" rule x ignoresDisplayFrequency true }"#,
                 nearMiss: #"config { displayFrequency 36h } tip T { title "T" rule x ignoresDisplayFrequency }"#),
        LintCase(code: .frequencyIgnoredByAll,
                 trigger: #"config { displayFrequency weekly } tip T { title "T" rule x ignoresDisplayFrequency } tip U { title "U" rule x ignoresDisplayFrequency true }"#,
                 nearMiss: #"config { displayFrequency weekly } tip T { title "T" rule x ignoresDisplayFrequency } tip U { title "U" rule x ignoresDisplayFrequency false }"#),
        LintCase(code: .budgetOptionWithoutBudget,
                 trigger: #"tip T { title "T" rule x priority 5 } tip U { title "U" rule x ignoresDisplayBudget }"#,
                 nearMiss: #"config { displayBudget 2 per launch } tip T { title "T" rule x priority 5 ignoresDisplayBudget } tip U { title "U" rule x priority 0 ignoresDisplayBudget false }"#),
        LintCase(code: .budgetOptionWithoutBudget,
                 trigger: #"let p = 3 tip T { title "T" rule x priority p }"#,
                 nearMiss: #"let p = 0 tip T { title "T" rule x priority p }"#),
        LintCase(code: .smallGroup,
                 trigger: #"group G { T } tip T { title "T" rule x }"#,
                 nearMiss: #"group G { T, U } tip T { title "T" rule x } tip U { title "U" rule x }"#),
        LintCase(code: .orderedGroupBlocked,
                 trigger: #"group G ordered { T, U } tip T { title "T" rule x } tip U { title "U" }"#,
                 nearMiss: #"event e group G ordered { T, U } tip T { title "T" rule x invalidate when e } tip U { title "U" }"#),
        // Issue 20 item 7: every member behind the same single condition waits only while
        // it could not show anyway.
        LintCase(code: .orderedGroupBlocked,
                 trigger: #"group G ordered { T, U } tip T { title "T" rule x } tip U { title "U" rule y }"#,
                 nearMiss: #"group G ordered { T, U } tip T { title "T" rule x } tip U { title "U" rule   x }"#),
        LintCase(code: .togetherWithoutEffect,
                 trigger: #"group G together { T, U } tip T { title "T" rule x } tip U { title "U" rule x }"#,
                 nearMiss: #"config { displayFrequency daily } group G ordered together { T, U } tip T { title "T" } tip U { title "U" }"#),
        LintCase(code: .togetherWithoutEffect,
                 trigger: #"config { displayFrequency immediate donationLimit 5 } group G ordered together { T, U } tip T { title "T" } tip U { title "U" }"#,
                 nearMiss: #"config { displayBudget 1 per day } group G together { T, U } tip T { title "T" rule x } tip U { title "U" rule x }"#),
        LintCase(code: .renewalKeepsDisplayLimit,
                 trigger: #"tip T { title "T" rule x maxDisplayCount 3 resetEligibility after 60d }"#,
                 nearMiss: #"tip T { title "T" rule x maxDisplayCount 1 resetEligibility after 60d }"#),
        LintCase(code: .renewalKeepsDisplayLimit,
                 trigger: #"tip T { title "T" rule x resetEligibility after 60d maxDisplayDuration 2m }"#,
                 nearMiss: #"tip T { title "T" rule x maxDisplayDuration 2m }"#),
        // The same condition twice among a tip's messages (or images): the second never shows.
        LintCase(code: .repeatedAlternative,
                 trigger: #"tip T { title "T" rule x message "a" when platform == macOS message "b" when platform==macOS }"#,
                 nearMiss: #"tip T { title "T" rule x message "a" when platform == macOS message "b" when platform == iOS }"#),
        LintCase(code: .repeatedAlternative,
                 trigger: #"tip T { title "T" rule x image "star" when x image asset "Hero" when x image "heart" }"#,
                 nearMiss: #"tip T { title "T" rule x image "star" when x message "m" when x image "heart" }"#),
        // A daily budget spaces tips out: tips without rules no longer all show on first launch.
        LintCase(code: .noRules,
                 trigger: #"config { displayBudget 1 per day } tip T { title "T" ignoresDisplayBudget } tip U { title "U" ignoresDisplayBudget }"#,
                 nearMiss: #"config { displayBudget 1 per day } tip T { title "T" } tip U { title "U" }"#),
        LintCase(code: .noRules,
                 trigger: #"config { displayBudget 2 per launch } tip T { title "T" } tip U { title "U" }"#,
                 nearMiss: #"config { displayBudget 1 per launch } tip T { title "T" } tip U { title "U" }"#),
        LintCase(code: .reusableTipWithoutID,
                 trigger: #"tip T(item: String) { title "T" rule x }"#,
                 nearMiss: #"tip T(item: String) { id "T-\(item)" title "T" rule x }"#),
        LintCase(code: .reusableIDMissesArgument,
                 trigger: #"tip T(item: String, n: Int) { id "T-\(item)" title "T" rule x }"#,
                 nearMiss: #"tip T(item: String, n: Int) { id "T-\(n)-\(item)" title "T" rule x }"#),
        LintCase(code: .testingOverride,
                 trigger: #"testing { hideAll }"#,
                 nearMiss: #"tip T { title "Testing" rule x }"#),
        LintCase(code: .superfluousLintIgnore,
                 trigger: "// lint-ignore W102\ntip T { title \"T\" rule x }",
                 nearMiss: "// lint-ignore W102\ntip T { title \"T.\" rule x }"),
        LintCase(code: .emptyFile,
                 trigger: "// the sharing tips go here\n\n/* later */\n",
                 nearMiss: "// the sharing tips\nevent shared\n"),
    ]
}

@Suite struct LintTableTests {
    @Test(arguments: LintCase.all)
    func triggers(_ c: LintCase) {
        let result = LintExpectations.lint(c.trigger)
        #expect(result.parseErrors.isEmpty, "\(result.parseErrors.map(\.message))")
        #expect(result.diagnostics.contains { $0.code == c.code.text },
                "got \(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }

    @Test(arguments: LintCase.all)
    func nearMissIsSilent(_ c: LintCase) {
        let result = LintExpectations.lint(c.nearMiss)
        #expect(result.parseErrors.isEmpty, "\(result.parseErrors.map(\.message))")
        let hits = result.diagnostics.filter { $0.code == c.code.text }
        #expect(hits.isEmpty, "\(hits.map(\.message))")
    }

    /// Every lint has a case, and no code is reused.
    @Test func everyCodeHasACase() {
        // W172 is about a file's name, which a snippet has none of (NearMissFilesTests).
        #expect(Set(LintCase.all.map(\.code)) == Set(DiagnosticCode.lintCodes).subtracting([.nearMissExtension]))
        #expect(DiagnosticCode.lintCodes.count >= 14)
        #expect(Set(DiagnosticCode.lintCodes).count == DiagnosticCode.lintCodes.count)
        #expect(!DiagnosticCode.lintCodes.map(\.text).contains("W150"))
    }

    /// A diagnostic is a warning with a message in house style and a non-empty range.
    @Test(arguments: LintCase.all)
    func messageStyle(_ c: LintCase) {
        for d in LintExpectations.lint(c.trigger).diagnostics {
            #expect(d.severity == .warning)
            #expect(d.code.hasPrefix("W1"))
            #expect(d.message.first?.isLowercase == true, "\(d.message)")
            #expect(!d.message.hasSuffix("."))
            #expect(d.range.length > 0)
        }
    }
}
