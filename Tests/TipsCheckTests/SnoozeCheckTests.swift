import Testing
import TipsCheck
import TipsSource

/// `snooze INTERVAL [limit N]` in an action (issue 20 item 3): E445 for what is no positive
/// duration or no limit of at least 1, with the valid forms in a note.
@Suite struct SnoozeCheckTests {
    static func action(_ body: String) -> CheckResult {
        TestSupport.check("param days: Int = 3\ntip T {\n title \"T\"\n action \"later\" { title \"Later\" \(body) }\n}\n")
    }

    @Test(arguments: ["snooze 3d", "snooze 3d limit 2", "snooze 1w limit 1", "snooze 1h30m"])
    func validSnoozes(_ body: String) {
        let errors = Self.action(body).diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code) \($0.message)" })")
    }

    static let mistakes: [(String, String, String?)] = [
        ("snooze 3", "a snooze interval must be a duration, found the number 3", "3d"),
        ("snooze 0s", "a snooze interval must be positive, found 0ms", nil),
        ("snooze -2d", "a snooze interval must be positive, found -2d", nil),
        ("snooze \"3d\"", "a snooze interval must be a duration, found 'String'", nil),
        ("snooze 3d limit 0", "a snooze limit must be at least 1, found 0", "1"),
        ("snooze 3d limit 1.5", "a snooze limit must be an Int, found 'Double'", nil),
        ("snooze 3d limit days", "a snooze limit must be a constant Int", nil),
        ("snooze 3d snooze 1d", "action 'later' already snoozes its tip", nil),
        ("snooze 3d invalidate", "action 'later' both snoozes and invalidates its tip", nil),
    ]

    @Test(arguments: mistakes)
    func mistakesAreE445(_ body: String, _ message: String, _ fix: String?) {
        let errors = Self.action(body).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["E445"], "\(errors.map { "\($0.code) \($0.message)" })")
        #expect(errors.first?.message == message)
        #expect(errors.first?.fixIts.first?.edits.first?.replacement == fix)
        #expect(errors.first?.notes.isEmpty == false)
    }

    @Test func theModelKeepsIntervalAndLimit() {
        let result = Self.action("snooze 3d limit 2")
        #expect(result.model.tips.first?.actions.first?.effects.first == .snooze(interval: 3 * 86_400_000, limit: 2,
                                                                               range: result.model.tips[0].actions[0].effects[0].range))
    }
}
