import Testing
import TipsCheck
import TipsSource

/// `resetEligibility after D` (issue 20 item 2, seasonal tips): checked into the model, with
/// E413 for what is not a positive constant duration (the valid forms in a note), E403 for a
/// repeat, and W147 for a display limit the renewal keeps.
@Suite struct RenewalCheckTests {
    static func check(_ tip: String, extra: String = "") -> CheckResult {
        TestSupport.check("let season = 60d\nparam days: Int = 3\ntip T {\n title \"T\"\n\(tip)\n}\n" + extra)
    }

    static func errors(_ r: CheckResult) -> [Diagnostic] { r.diagnostics.filter { $0.severity == .error } }

    @Test(arguments: [("resetEligibility after 60d", Int64(60 * 86_400_000)),
                      ("resetEligibility after season", Int64(60 * 86_400_000)),
                      ("resetEligibility after 26w", Int64(26 * 7 * 86_400_000)),
                      ("resetEligibility after 36600d", Int64(36_600) * 86_400_000)])
    func theModelKeepsTheInterval(tip: String, ms: Int64) {
        let r = Self.check(tip)
        #expect(Self.errors(r).isEmpty, "\(Self.errors(r).map(\.message))")
        #expect(r.model.tips[0].options.resetEligibilityAfter == ms)
        #expect(r.model.tips[0].options.resetEligibilityRange != nil)
    }

    @Test func aTipWithoutTheClauseHasNoRenewal() {
        let r = Self.check("maxDisplayCount 1")
        #expect(r.model.tips[0].options.resetEligibilityAfter == nil)
    }

    /// Tip text, code, message, fix-it replacement.
    static let mistakes: [(String, String, String, String?)] = [
        ("resetEligibility after 60", "E413", "the interval of 'resetEligibility after' must be a duration, found the number 60", "60d"),
        ("resetEligibility after 0s", "E413", "the interval of 'resetEligibility after' must be positive, found 0ms", nil),
        ("resetEligibility after -1d", "E413", "the interval of 'resetEligibility after' must be positive, found -1d", nil),
        ("resetEligibility after days", "E413", "the interval of 'resetEligibility after' must be a duration, found 'Int'", nil),
        ("resetEligibility after 36601d", "E413", "the interval of 'resetEligibility after' must be at most 100 years, found 36601d", nil),
        ("resetEligibility after 60d\nresetEligibility after 30d", "E403", "", nil),
    ]

    @Test(arguments: mistakes)
    func mistakesAreReported(tip: String, code: String, message: String, replacement: String?) {
        let errors = Self.errors(Self.check(tip))
        #expect(errors.count == 1, "\(errors.map(\.message))")
        guard let e = errors.first else { return }
        #expect(e.code == code)
        if !message.isEmpty {
            #expect(e.message == message)
            if code == "E413" { #expect(e.notes.contains { $0.message.contains("resetEligibility after 60d") }) }
        }
        #expect(e.fixIts.first?.edits.first?.replacement == replacement)
    }

    @Test func aVariantCannotSetIt() {
        let r = Self.check("experiment x { variant a 50% { resetEligibility after 30d } variant b 50% { } }")
        #expect(Self.errors(r).contains { $0.message.contains("resetEligibility") }, "\(r.diagnostics.map(\.message))")
    }

    @Test(arguments: [("maxDisplayCount 3", true), ("maxDisplayCount 1", false), ("maxDisplayDuration 5m", true)])
    func aKeptLimitIsReported(limit: String, warns: Bool) {
        let r = Self.check(limit + "\nresetEligibility after 60d")
        let w147 = r.diagnostics.filter { $0.code == "W147" }
        #expect(w147.count == (warns ? 1 : 0), "\(r.diagnostics.map(\.message))")
        // Without a renewal the same limit is fine.
        #expect(!Self.check(limit).diagnostics.contains { $0.code == "W147" })
    }
}
