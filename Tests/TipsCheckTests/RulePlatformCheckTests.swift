import Testing
import TipsCheck
import TipsSource

/// `rule platform == macOS` (issue 20 item 1): the same platforms and did-you-mean as `when`
/// conditions; a rule may join platform tests with anything (`||`, `!`).
@Suite struct RulePlatformCheckTests {
    static let prelude = """
        param isPro: Bool = false
        event opened

        """

    static func rules(_ text: String) -> CheckResult { TestSupport.check(prelude + "tip T {\n title \"T\"\n \(text)\n}\n") }

    @Test(arguments: [
        ("rule platform == macOS", "(platform macOS)"),
        ("rule platform != watchOS", "(platform iOS iPadOS macOS tvOS visionOS)"),
        ("rule .iPadOS == platform", "(platform iPadOS)"),
        ("rule platform == iPadOS || count(opened) >= 2", "(|| (platform iPadOS) (>= (count opened) 2))"),
        ("rule !(platform == iOS) && isPro", "(&& (! (platform iOS)) isPro)"),
    ])
    func platformTestsReachTheModel(_ rule: String, _ dump: String) {
        let result = Self.rules(rule)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.tips.first.map { result.model.dump($0.rules[0]) } == dump)
    }

    @Test(arguments: [
        ("rule platform == macos", "unknown platform 'macos'", "did you mean 'macOS'?"),
        ("rule platform == android", "unknown platform 'android'", "the platforms are iOS, iPadOS, macOS, tvOS, visionOS, watchOS"),
        ("rule platform", "'platform' can only be compared with '==' or '!=' to a platform",
         "for example 'platform == macOS'; the platforms are iOS, iPadOS, macOS, tvOS, visionOS, watchOS"),
        ("rule platform > macOS", "'platform' can only be compared with '==' or '!=' to a platform",
         "for example 'platform == macOS'; the platforms are iOS, iPadOS, macOS, tvOS, visionOS, watchOS"),
        ("rule platform == \"macOS\"", "'platform' can only be compared with '==' or '!=' to a platform",
         "for example 'platform == macOS'; the platforms are iOS, iPadOS, macOS, tvOS, visionOS, watchOS"),
    ])
    func mistakesAreE433(_ rule: String, _ message: String, _ note: String) {
        let result = Self.rules(rule)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["E433"], "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(errors.first?.message == message)
        #expect(errors.first?.notes.map(\.message) == [note])
    }

    @Test func aNearMissGetsAFixIt() {
        let d = Self.rules("rule platform == ipados").diagnostics.first { $0.code == "E433" }
        #expect(d?.fixIts.first?.edits.first?.replacement == "iPadOS")
    }

    @Test func aParameterNamedPlatformStillShadowsTheBuiltIn() {
        let result = TestSupport.check("enum P { macOS, other }\nparam platform: P = .other\ntip T { title \"T\" rule platform == .macOS }")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(result.model.dump(result.model.tips[0].rules[0]).hasPrefix("(== platform "))
    }

    @Test func outsideRulesAndConditionsThePlatformIsNotAValue() {
        let result = TestSupport.check(Self.prelude + """
            param isMac: Bool = false
            tip T {
                title "T"
                action "a" { title "A" set isMac = platform == macOS }
            }
            """)
        let d = result.diagnostics.first { $0.severity == .error }
        #expect(d?.message == "'platform' can be tested only in rules and 'when' conditions", "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }
}
