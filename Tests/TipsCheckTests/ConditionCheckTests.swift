import Testing
import TipsCheck
import TipsSource

/// `message ... when` and `action "id" when` in the checker: platform tests become a set of
/// platforms, the rest a Bool expression; misuse is E432/E433 with a clear message.
@Suite struct ConditionCheckTests {
    static let prelude = """
        param isPro: Bool = false
        param level: Int = 0
        param name: String? = nil
        event opened

        """

    static func tip(_ items: String) -> String { prelude + "tip T {\n title \"T\"\n \(items)\n}\n" }

    @Test func conditionsReachTheModel() {
        let result = TestSupport.check(Self.tip("""
            message "Press ⌘K" when platform == macOS
            action "upgrade" when !isPro && platform != watchOS && level > 2 { title "Upgrade" }
            action "search" when platform == .iOS || platform == iPadOS { title "Search" }
            action "again" when count(opened) > 3 { title "Again" }
            action "always" { title "Always" }
            """))
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let tip = result.model.tips[0]
        #expect(tip.messageCondition?.platforms == ["macOS"])
        #expect(tip.messageCondition?.expr == nil)
        let conditions = tip.actions.map(\.condition)
        #expect(conditions[0]?.platforms == ["iOS", "iPadOS", "macOS", "tvOS", "visionOS"])
        #expect(conditions[0]?.expr?.type == .bool)
        #expect(conditions[1]?.platforms == ["iOS", "iPadOS"])
        #expect(conditions[2]?.platforms == nil && conditions[2]?.expr != nil)
        #expect(conditions[3] == nil)
    }

    @Test func aParameterNamedPlatformShadowsTheBuiltIn() {
        let result = TestSupport.check("param platform: Bool = true\ntip T { title \"T\" message \"m\" when platform }")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.tips[0].messageCondition?.platforms == nil)
    }

    /// Tip items with a mistaken condition: the code and message, or nil for "some error".
    static let errorCases: [(String, String?, String?)] = [
        ("message \"m\" when level", "E432", "a 'when' condition must be 'Bool', found 'Int'"),
        ("action \"a\" when name { title \"A\" }", "E432", "a 'when' condition must be 'Bool', found 'String?'"),
        ("action \"a\" when level + { title \"A\" }", nil, nil),
        ("message \"m\" when platform == macos", "E433", "unknown platform 'macos'"),
        ("message \"m\" when platform == macOs", "E433", "unknown platform 'macOs'"),
        ("message \"m\" when platform == android", "E433", "unknown platform 'android'"),
        ("message \"m\" when platform == macOS || isPro", "E433", "'platform' can be joined to other conditions only with '&&'"),
        ("message \"m\" when platform", "E433", "'platform' can only be compared with '==' or '!=' to a platform"),
        ("message \"m\" when platform == \"macOS\"", "E433", "'platform' can only be compared with '==' or '!=' to a platform"),
        ("message \"m\" when platform == macOS && platform == iOS", "E433", "this condition holds on no platform"),
    ]

    @Test(arguments: errorCases)
    func errors(items: String, code: String?, message: String?) {
        let result = TestSupport.check(Self.tip(items))
        let errors = result.diagnostics.filter { $0.severity == .error }
        if let code {
            let found = errors.filter { $0.code == code }
            #expect(!found.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
            if let message { #expect(found.map(\.message) == [message]) }
        } else {
            #expect(!errors.isEmpty, "expected some error: \(items)")
        }
    }

    @Test func unknownPlatformSuggestsTheSpelling() {
        let result = TestSupport.check(Self.tip("message \"m\" when platform == macos"))
        let d = result.diagnostics.first { $0.code == "E433" }
        #expect(d?.notes.map(\.message) == ["did you mean 'macOS'?"])
        #expect(d?.fixIts.first?.edits.first?.replacement == "macOS")
    }

    @Test func readingInAConditionIsAUse() {
        // A parameter, an event and a constant read only by conditions are not unused.
        let result = TestSupport.check("""
            param isPro: Bool = false
            event opened
            let enough = 3
            tip T {
                title "T"
                message "m" when isPro
                action "a" when count(opened) >= enough { title "A" }
            }
            """)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes.isDisjoint(with: ["W122", "W123", "W124"]), "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let unread = TestSupport.check("param isPro: Bool = false\ntip T { title \"T\" message \"m\" }")
        #expect(unread.diagnostics.contains { $0.code == "W123" })
    }

    @Test func argumentsAreNotReadByConditions() {
        let result = TestSupport.check(Self.prelude + """
            tip R(kind: String) { id "r-\\(kind)" title "R" message "m" when kind == "x" }
            """)
        #expect(result.diagnostics.contains { $0.code == "E211" }, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }
}
