import Testing
import TipsCheck
import TipsSource

/// Several `message` and `image` lines in the checker: alternatives in source order, the
/// fallback last (E437), image names from arguments, a repeated condition (W143).
@Suite struct ChosenContentCheckTests {
    static let prelude = """
        param isPro: Bool = false
        event opened

        """

    static func tip(_ items: String) -> String { prelude + "tip T {\n    title \"T\"\n    \(items)\n}\n" }

    static func describe(_ r: CheckResult) -> String { "\(r.diagnostics.map { "\($0.code) \($0.message)" })" }

    @Test func alternativesReachTheModel() {
        let result = TestSupport.check(Self.tip("""
            message "mac" when platform == macOS
                message "pro" when isPro && platform != watchOS
                message "any"
                image "laptopcomputer" when platform == macOS
                image asset "Hero" when count(opened) > 2
                image "star"
            """))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(Self.describe(result))")
        let tip = result.model.tips[0]
        #expect(tip.messages.count == 3)
        #expect(tip.messages.map { $0.condition?.platforms } == [["macOS"], ["iOS", "iPadOS", "macOS", "tvOS", "visionOS"], nil])
        #expect(tip.messages.map { $0.condition?.expr != nil } == [false, true, false])
        #expect(tip.images.map(\.isAsset) == [false, true, false])
        #expect(tip.images.map(\.name.literalText) == ["laptopcomputer", "Hero", "star"])
        #expect(tip.choosesMessage && tip.choosesImage)
        // The first of each stays where single-message code reads it.
        #expect(tip.messageCondition?.platforms == ["macOS"])
        #expect(tip.image == "laptopcomputer" && !tip.imageIsAsset)
    }

    @Test func oneMessageAndOnePlainImageChooseNothing() {
        let result = TestSupport.check(Self.tip("message \"m\" when platform == macOS\n    image \"star\""))
        let tip = result.model.tips[0]
        #expect(!tip.choosesContent)
        let conditional = TestSupport.check(Self.tip("image \"star\" when isPro"))
        #expect(conditional.model.tips[0].choosesImage && !conditional.model.tips[0].choosesMessage)
    }

    /// Lines and the E437 fix-it's message, or nil when the lines are fine.
    static let orderCases: [(String, String?)] = [
        ("message \"a\" when isPro\n    message \"b\"", nil),
        ("message \"b\"\n    message \"a\" when isPro", "move it after the last message"),
        ("message \"b\"\n    message \"c\"", "remove this message"),
        ("image \"star\"\n    image asset \"Hero\" when isPro", "move it after the last image"),
        ("image \"star\" when isPro\n    image \"a\"\n    image \"b\"", "remove this image"),
        // A message fallback does not hide an image, nor the other way round.
        ("message \"b\"\n    image \"star\" when isPro\n    image \"heart\"", nil),
        // A condition that holds on every platform whatever the state is a fallback too.
        ("message \"a\" when platform != tvOS || platform == tvOS\n    message \"b\" when isPro", "move it after the last message"),
    ]

    @Test(arguments: orderCases)
    func fallbackComesLast(items: String, fix: String?) {
        let result = TestSupport.check(Self.tip(items))
        let found = result.diagnostics.filter { $0.code == "E437" }
        if let fix {
            #expect(found.count == 1, "\(Self.describe(result))")
            #expect(found.first?.fixIts.map(\.message) == [fix])
        } else {
            #expect(found.isEmpty, "\(Self.describe(result))")
        }
    }

    @Test func theMoveFixItMovesTheLine() throws {
        let source = Self.tip("message \"b\"\n    message \"a\" when isPro")
        let result = TestSupport.check(source)
        let fix = try #require(result.diagnostics.first { $0.code == "E437" }?.fixIts.first)
        var bytes = Array(source.utf8)
        for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(Int(edit.range.start)..<Int(edit.range.end), with: Array(edit.replacement.utf8))
        }
        let fixed = String(decoding: bytes, as: UTF8.self)
        #expect(fixed.contains("message \"a\" when isPro\n    message \"b\""), "\(fixed)")
        #expect(TestSupport.check(fixed).diagnostics.filter { $0.code == "E437" }.isEmpty)
    }

    @Test func conditionsFollowTheRulesOfWhen() {
        let cases: [(String, String)] = [
            ("image \"star\" when opened", "E2"),  // an event is not a value (some E2xx error)
            ("image \"star\" when 3\n    image \"a\"", "E432"),
            ("image \"star\" when platform == macos", "E433"),
            ("message \"m\" when isPro\n    message \"n\" when platform == iOS || isPro", "E433"),
        ]
        for (items, code) in cases {
            let result = TestSupport.check(Self.tip(items))
            #expect(result.diagnostics.contains { $0.severity == .error && $0.code.hasPrefix(code) }, "\(items): \(Self.describe(result))")
        }
        let argument = TestSupport.check(Self.prelude + """
            tip R(kind: String) { id "r-\\(kind)" title "R" image "a" when kind == "x" image "b" }
            """)
        #expect(argument.diagnostics.contains { $0.code == "E211" }, "\(Self.describe(argument))")
    }

    @Test func imageNamesMayInterpolateArguments() {
        let result = TestSupport.check(Self.prelude + """
            tip R(kind: String, symbol: String) { id "r-\\(kind)-\\(symbol)" title "R" image "\\(symbol)" }
            tip S(kind: String) { id "s-\\(kind)" title "S" image asset "Flags/\\(kind)" }
            """)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(Self.describe(result))")
        #expect(result.model.tips[0].images.first?.name.segments == [.argument(1)])
        #expect(result.model.tips[0].image == nil && result.model.tips[0].choosesImage)
        #expect(result.model.tips[1].images.first?.isAsset == true)
        // The symbol-name lints look only at constant names.
        #expect(!result.diagnostics.contains { $0.code == "W105" || $0.code == "W107" }, "\(Self.describe(result))")
        let constant = TestSupport.check(Self.tip("image \"heart.fil\" when isPro\n    image \"Not A Symbol\""))
        #expect(constant.diagnostics.contains { $0.code == "W107" } && constant.diagnostics.contains { $0.code == "W105" },
                "\(Self.describe(constant))")
        // In a plain tip there is no argument to name.
        let plain = TestSupport.check(Self.tip("image \"\\(kind)\""))
        #expect(plain.diagnostics.contains { $0.severity == .error }, "\(Self.describe(plain))")
    }

    @Test func aRepeatedConditionIsNeverShown() {
        let result = TestSupport.check(Self.tip("""
            message "a" when platform == macOS
                message "b" when platform  ==  macOS
                message "c"
                image "star" when isPro
                image asset "Hero" when (isPro)
            """))
        let warnings = result.diagnostics.filter { $0.code == "W143" }
        #expect(warnings.map(\.message) == ["message 2 of tip 'T' is never shown: an earlier message has the same condition"],
                "\(Self.describe(result))")
    }

    @Test func variantsReplaceTheAlternatives() {
        let result = TestSupport.check(Self.tip("""
            message "a" when platform == macOS
                message "b"
                experiment copy {
                    variant one 50% { message "a" }
                    variant two 50% { image "star" when isPro }
                }
            """))
        // A variant's message "a" replaces both messages, so it differs (no E436); its image takes no 'when'.
        #expect(!result.diagnostics.contains { $0.code == "E436" }, "\(Self.describe(result))")
        #expect(result.diagnostics.contains { $0.code == "E435" && $0.message.contains("a variant's image takes no 'when'") },
                "\(Self.describe(result))")
    }
}
