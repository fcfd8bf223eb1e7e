import Testing
import TipsCheck
import TipsSource

/// `experiment` in the checker: shares in basis points, the salt (default `Tip.experiment`),
/// variants that must differ from the tip, and every mistake with its code and message.
@Suite struct ExperimentCheckTests {
    static let prelude = """
        event opened

        """

    static func tip(_ items: String) -> String {
        prelude + "tip T {\n title \"T\"\n message \"M\"\n maxDisplayCount 3\n \(items)\n}\n"
    }

    @Test func anExperimentReachesTheModel() throws {
        let result = TestSupport.check(Self.tip("""
            experiment copy {
              holdout 10%
              variant short 45% { title "Short" }
              variant strict 45% { rule count(opened) > 2  maxDisplayCount 1 }
            }
            """))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let e = try #require(result.model.tips[0].experiment)
        #expect(e.name == "copy")
        #expect(e.salt == "T.copy")
        #expect(e.holdout == 1000)
        #expect(e.variants.map(\.name) == ["short", "strict"])
        #expect(e.variants.map(\.share) == [4500, 4500])
        #expect(e.variants[1].rules.count == 1)
        #expect(e.variants[1].maxDisplayCount == 1)
        #expect(e.variants[0].title != nil && e.variants[0].message == nil)
    }

    @Test func anExplicitSaltAndFineSharesAreKept() throws {
        let result = TestSupport.check(Self.tip("""
            experiment copy { salt "again" variant a 12.5% { title "A" } variant b 87.5% { image "star" } }
            """))
        let e = try #require(result.model.tips[0].experiment)
        #expect(e.salt == "again")
        #expect(e.holdout == 0)
        #expect(e.variants.map(\.share) == [1250, 8750])
    }

    /// Experiments with a mistake: the code and message.
    static let errorCases: [(String, String, String)] = [
        ("experiment e { variant a 50% { title \"A\" } variant b 40% { title \"B\" } }", "E435",
         "the shares of experiment 'e' add up to 90%, not 100%"),
        ("experiment e { holdout 10% variant a 95% { title \"A\" } }", "E435",
         "the shares of experiment 'e' add up to 105%, not 100%"),
        ("experiment e { variant a 0.5 { title \"A\" } variant b 50% { title \"B\" } }", "E435",
         "shares are written as percentages: '50%', not '0.5'"),
        ("experiment e { variant a 50 { title \"A\" } variant b 50% { title \"B\" } }", "E435",
         "shares are written as percentages: '50%', not '50'"),
        ("experiment e { holdout 0% variant a 90% { title \"A\" } variant b 10% { title \"B\" } }", "E435",
         "the holdout's share must be above 0% and below 100%, found 0%"),
        ("experiment e { variant a 33.333% { title \"A\" } }", "E435",
         "variant 'a''s share 33.333% is finer than the assignment's steps of 0.01%"),
        ("experiment e { variant a 50% { title \"A\" } variant a 50% { title \"B\" } }", "E435",
         "experiment 'e' already has a variant 'a'"),
        ("experiment e { variant a { title \"A\" } }", "E435", "variant 'a' has no share; say which part of installs sees it"),
        ("experiment e { holdout 50% }", "E435", "experiment 'e' has no variants"),
        ("experiment e { variant holdout 90% { title \"A\" } }", "E435",
         "a variant cannot be named 'holdout': reports give that name to the installs that never see the tip; write 'holdout 10%' for a holdout"),
        ("experiment e { holdout 10% variant a 90% { invalidate when opened } }", "E435",
         "a variant cannot set 'invalidate'; a variant sets 'title', 'message', 'image', 'rule', 'maxDisplayCount', 'maxDisplayDuration'"),
        ("experiment e { holdout 10% variant a 90% { message \"M\" when true } }", "E435",
         "a variant's message takes no 'when'; the tip's condition applies to it"),
        ("experiment e { salt \"\" holdout 10% variant a 90% { title \"A\" } }", "E435",
         "an experiment's salt cannot be empty; leave 'salt' out to use the default 'T.e'"),
        ("experiment e { holdout 10% variant a 90% { title \"T\" message \"M\" maxDisplayCount 3 } }", "E436",
         "variant 'a' shows the tip as it is; give it a title, message, image, rule or limit of its own"),
        ("experiment e { holdout 10% variant a 90% { } }", "E436",
         "variant 'a' shows the tip as it is; give it a title, message, image, rule or limit of its own"),
        ("experiment e { holdout 10% variant a 90% { title \"A\" } }\n experiment f { holdout 10% variant a 90% { title \"A\" } }", "E403",
         "'experiment' is already set"),
    ]

    @Test(arguments: errorCases)
    func errors(items: String, code: String, message: String) {
        let result = TestSupport.check(Self.tip(items))
        let found = result.diagnostics.filter { $0.severity == .error && $0.code == code }
        #expect(found.map(\.message) == [message], "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.tips[0].experiment == nil || code == "E403")
    }

    @Test(arguments: [("0.25", "25%"), ("25", "25%"), ("0.125", "12.5%")])
    func aShareWithoutPercentOffersIt(written: String, fixed: String) {
        let result = TestSupport.check(Self.tip("experiment e { variant a \(written) { title \"A\" } variant b 75% { title \"B\" } }"))
        let d = result.diagnostics.first { $0.code == "E435" }
        #expect(d?.fixIts.first?.edits.first?.replacement == fixed, "\(result.diagnostics.map(\.message))")
    }

    @Test func anEventReadOnlyByAVariantRuleIsUsed() {
        let result = TestSupport.check(Self.tip("experiment e { holdout 10% variant a 90% { rule count(opened) > 0 } }"))
        #expect(!result.diagnostics.contains { $0.message.contains("'opened'") }, "\(result.diagnostics.map(\.message))")
    }
}
