import Foundation
import Testing
@testable import TipsCLI
import TipsCompile
import TipsRuntime
import TipsSource
import TipsTestSupport

/// `tipc explain`: text and JSON output (golden files, `TIPS_UPDATE_GOLDEN=1` rewrites
/// them), `--all`, `--bundle`, and usage errors.
@Suite struct ExplainCommandTests {
    static let catalog = """
        config {
            displayFrequency daily
        }

        param hasSeenList: Bool = false
        event manualSave

        tip WelcomeTip {
            title "Welcome"
            goal manualSave within 1d
        }

        tip ShortcutTip {
            title "Save Faster"
            rule hasSeenList
            rule count(manualSave within 7d) >= 3
            maxDisplayCount 3
        }

        tip SyncTip {
            title "Sync"
            rule now - last(manualSave) > 3d
        }

        group Editor firstAvailable { ShortcutTip, SyncTip }
        """

    /// A catalog folder and a journal: WelcomeTip shown at 2026-01-01T09:00Z (starting the
    /// daily cooldown), hasSeenList set, two saves.
    static func fixture() throws -> (dir: TemporaryDirectory, journal: String) {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", catalog)
        var sources = SourceSet()
        sources.add(path: "main.tips", text: catalog)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        let journal = dir.path + "/state.jsonl"
        let clock = ManualClock()  // 2026-01-01T00:00:00Z
        let store = try TipStore(bundle: bytes, journalURL: URL(fileURLWithPath: journal), clock: clock)
        clock.advance(hours: 9)
        try store.presentationBegan("WelcomeTip")
        try store.presentationEnded("WelcomeTip")
        try store.setParameter(dynamic: "hasSeenList", to: true)
        try store.donate(dynamic: "manualSave")
        clock.advance(hours: 1)
        try store.donate(dynamic: "manualSave")
        try store.close()
        try FileManager.default.createDirectory(atPath: dir.path + "/bundle", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: dir.path + "/bundle/tips.tipsb"))
        return (dir, journal)
    }

    @Test func textOutput() throws {
        let (dir, journal) = try Self.fixture()
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        let run = tipc("explain", "ShortcutTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("count(manualSave within 7d) = 2, needs >= 3"))
        #expect(run.stdout.contains("cooldown: started by WelcomeTip at 2026-01-01T09:00:00Z, ends 2026-01-02T09:00:00Z"))
        expectGolden(run.stdout.replacingOccurrences(of: dir.path, with: "$DIR"), "explain.txt")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before, "the journal is never written")
    }

    @Test func jsonOutput() throws {
        let (dir, journal) = try Self.fixture()
        let run = tipc("explain", "SyncTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z",
                       "--format", "json")
        #expect(run.status == 0, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        expectGolden(run.stdout.replacingOccurrences(of: dir.path, with: "$DIR"), "explain.json")
    }

    /// The goal and its conversion, in text and JSON: WelcomeTip was shown at 09:00 and a
    /// save followed at once; SyncTip has no goal, so no goal line or key.
    @Test func goalAndConversion() throws {
        let (dir, journal) = try Self.fixture()
        let text = tipc("explain", "WelcomeTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\n  goal: manualSave within 1d: converted at 2026-01-01T09:00:00Z, 0ms after first shown "
                                     + "(WelcomeTip#1@1767258000000)\n"), "\(text.stdout)")
        let json = tipc("explain", "WelcomeTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z",
                        "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let explanations = object?["explanations"] as? [[String: Any]]
        let goal = explanations?.first?["goal"] as? [String: Any]
        #expect(goal?["convertedAt"] as? String == "2026-01-01T09:00:00Z", "\(json.stdout)")
        #expect(goal?["windowEndsAt"] as? String == "2026-01-02T09:00:00Z")
        #expect(goal?["window"] as? String == "1d")
        let sync = tipc("explain", "SyncTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z")
        #expect(!sync.stdout.contains("goal:"))
    }

    @Test func allTips() throws {
        let (dir, journal) = try Self.fixture()
        let run = tipc("explain", "--all", "--bundle", dir.path + "/bundle/tips.tipsb", "--journal", journal,
                       "--at", "2026-01-01T12:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("WelcomeTip: available"))
        #expect(run.stdout.contains("\nShortcutTip: pending") && run.stdout.contains("\nSyncTip: pending"))
        expectGolden(run.stdout, "explain-all.txt")
        // The bundle and the definitions explain alike.
        let defs = tipc("explain", "--all", "--defs", dir.path + "/defs", "--journal", journal, "--at", "2026-01-01T12:00:00Z")
        #expect(defs.stdout == run.stdout.replacingOccurrences(of: "(main.tips:", with: "(\(dir.path)/defs/main.tips:"))
    }

    @Test func unknownTipSuggestsAName() throws {
        let (dir, journal) = try Self.fixture()
        let run = tipc("explain", "ShortcutTp", "--defs", dir.path + "/defs", "--journal", journal)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("tipc: error: unknown tip 'ShortcutTp'; did you mean 'ShortcutTip'?\n"))
        #expect(run.stdout.isEmpty)
    }

    @Test func usageErrors() throws {
        let (dir, journal) = try Self.fixture()
        #expect(tipc("explain", "ShortcutTip", "--journal", journal).stderr.contains("--defs PATH or --bundle FILE"))
        #expect(tipc("explain", "ShortcutTip", "--defs", dir.path + "/defs").stderr.contains("missing journal"))
        let badAt = tipc("explain", "ShortcutTip", "--defs", dir.path + "/defs", "--journal", journal, "--at", "noon")
        #expect(badAt.status == 2 && badAt.stderr.contains("invalid instant 'noon'"))
        #expect(tipc("explain", "--defs", dir.path + "/defs", "--journal", journal).status == 2)
        let directory = tipc("explain", "ShortcutTip", "--defs", dir.path + "/defs", "--journal", dir.path)
        #expect(directory.status == 2 && directory.stderr.contains("cannot read journal"))
        #expect(tipc("help", "explain").stdout.hasPrefix("usage: tipc explain"))
    }

    /// A fresh install has no journal yet: explain the empty state, create nothing.
    @Test func missingJournalExplainsTheEmptyState() throws {
        let (dir, _) = try Self.fixture()
        let path = dir.path + "/nope.jsonl"
        let run = tipc("explain", "ShortcutTip", "--defs", dir.path + "/defs", "--journal", path, "--at", "2026-01-01T12:00:00Z")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "tipc: note: \(path) does not exist; explaining the state of an empty journal\n")
        #expect(run.stdout.hasPrefix("ShortcutTip: "))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func catalogErrorsExitOne() throws {
        let (dir, journal) = try Self.fixture()
        try dir.write("bad/main.tips", "tip T {\n    title \"T\"\n    rule nope\n}\n")
        let run = tipc("explain", "T", "--defs", dir.path + "/bad", "--journal", journal)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: the catalog has errors"))
    }
}
