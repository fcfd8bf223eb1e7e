import Foundation
import Testing
import TipsTestSupport
@testable import TipsCLI

/// `tipc explain --platform`: messages and actions with a `when` condition are judged for
/// the platform given, iOS when none is, whatever machine runs tipc.
struct ExplainPlatformTests {
    static let catalog = """
        param isPro: Bool = false

        tip FocusTip {
            title "Focus"
            message "Move the pointer to bring the toolbar back." when platform == macOS || platform == iPadOS
            action "upgrade" when platform != watchOS && !isPro {
                title "Upgrade"
            }
        }
        """

    @Test(arguments: [
        ([], "message: hidden", "action \"upgrade\": shown"),
        (["--platform", "iOS"], "message: hidden", "action \"upgrade\": shown"),
        (["--platform", "macOS"], "message: shown", "action \"upgrade\": shown"),
        (["--platform", "watchOS"], "message: hidden", "action \"upgrade\": hidden"),
    ])
    func judgedForThePlatformGiven(_ extra: [String], _ message: String, _ action: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", Self.catalog)
        let run = tipc(["explain", "FocusTip", "--defs", dir.path + "/defs", "--journal", dir.path + "/none.jsonl",
                        "--at", "2026-01-01T12:00:00Z"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(message), "\(run.stdout)")
        #expect(run.stdout.contains(action), "\(run.stdout)")
    }

    @Test func anUnknownPlatformIsAUsageErrorWithASuggestion() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", Self.catalog)
        let run = tipc(["explain", "FocusTip", "--defs", dir.path + "/defs", "--journal", dir.path + "/none.jsonl",
                        "--platform", "macos"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("invalid value 'macos' for --platform"), "\(run.stderr)")
        #expect(run.stderr.contains("did you mean 'macOS'?"), "\(run.stderr)")
    }

    /// A rule that tests the platform (issue 20 item 1) is judged for `--platform` too.
    @Test(arguments: [([], "MacTip: pending", "✗ platform == macOS"),
                      (["--platform", "macOS"], "MacTip: available", "✓ platform == macOS")])
    func rulesAreJudgedForThePlatformGiven(_ extra: [String], _ status: String, _ probe: String) throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", "tip MacTip {\n    title \"Menu bar\"\n    rule platform == macOS\n}\n")
        let run = tipc(["explain", "MacTip", "--defs", dir.path + "/defs", "--journal", dir.path + "/none.jsonl",
                        "--at", "2026-01-01T12:00:00Z"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(status), "\(run.stdout)")
        #expect(run.stdout.contains(probe), "\(run.stdout)")
    }
}
