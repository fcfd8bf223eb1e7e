import Foundation
import Testing
import TipsTestSupport
@testable import TipsCLI

/// What `tipc explain` and `tipc status` show authors: the testing overrides of the
/// environment, non-finite doubles as they are, `--at` as the journal stood at that instant,
/// and reusable tips that have no instance yet.
@Suite struct ExplainStatusViewTests {
    static let catalog = """
        param seen: Bool = false
        param huge: Double = 1e308

        tip SeenTip {
            title "Seen"
            rule seen
        }

        tip HugeTip {
            title "Huge"
            rule huge * 10.0 < 5.0
        }

        tip ItemTip(itemID: String) {
            id "ItemTip-\\(itemID)"
            title "Item"
            rule seen
        }
        """

    /// A catalog and a journal: `seen` set on Monday, SeenTip closed on Thursday.
    static func fixture() throws -> (dir: TemporaryDirectory, defs: String, journal: String) {
        let dir = try TemporaryDirectory()
        let defs = try dir.write("defs/main.tips", catalog)
        let journal = dir.path + "/state.jsonl"
        #expect(tipc("journal", journal, "set", "seen", "true", "--at", "2026-03-02T09:00:00Z").status == 0)
        #expect(tipc("journal", journal, "invalidate", "SeenTip", "tipClosed", "--at", "2026-03-05T09:00:00Z").status == 0)
        return (dir, defs, journal)
    }

    @Test func theProcessPassesTheTestingOverridesToTheCommands() {
        for key in ["TIPS_SHOW", "TIPS_HIDE", "TIPS_SHOW_ALL", "TIPS_HIDE_ALL"] {
            #expect(Tipc.environmentKeys.contains(key))
        }
    }

    @Test func statusHonoursTheTestingOverrides() throws {
        let f = try Self.fixture()
        let plain = tipc("status", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z")
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("testing override"))
        let shown = tipc("status", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z",
                         environment: ["TIPS_SHOW": "HugeTip"])
        let line = shown.stdout.split(separator: "\n").first { $0.hasPrefix("HugeTip") } ?? ""
        #expect(line.contains("available") && line.contains("testing override"), "\(shown.stdout)")
    }

    @Test func explainHonoursTheTestingOverrides() throws {
        let f = try Self.fixture()
        let run = tipc("explain", "HugeTip", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z",
                       environment: ["TIPS_HIDE_ALL": "1", "TIPS_SHOW": "HugeTip"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("HugeTip: available"), "\(run.stdout)")
    }

    @Test func nonFiniteDoublesAreShownAsTheyAre() throws {
        let f = try Self.fixture()
        let run = tipc("explain", "HugeTip", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z")
        #expect(run.stdout.contains("huge * 10.0 = inf, needs < 5.0"), "\(run.stdout)")
        #expect(!run.stdout.contains("= 0.0"))
    }

    @Test func atShowsTheJournalAsItStoodThen() throws {
        let f = try Self.fixture()
        // Wednesday: the invalidation of Thursday has not happened yet.
        let wednesday = tipc("explain", "SeenTip", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-04T09:00:00Z")
        #expect(wednesday.stdout.contains("SeenTip: available"), "\(wednesday.stdout)")
        #expect(wednesday.stderr.contains("1 record dated after --at left out"))
        let status = tipc("status", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-04T09:00:00Z")
        let row = status.stdout.split(separator: "\n").first { $0.hasPrefix("SeenTip") } ?? ""
        #expect(row.contains("available"), "\(status.stdout)")
        // Before Monday's `set`, the rule is false.
        let sunday = tipc("explain", "SeenTip", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-01T09:00:00Z")
        #expect(sunday.stdout.contains("SeenTip: pending"), "\(sunday.stdout)")
        // The whole journal evaluated at Wednesday, as before: Thursday's invalidation shows.
        let whole = tipc("explain", "SeenTip", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-04T09:00:00Z",
                         "--all-records")
        #expect(whole.stdout.contains("SeenTip: invalidated"), "\(whole.stdout)")
        #expect(whole.stderr.isEmpty)
        let wholeStatus = tipc("status", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-04T09:00:00Z",
                               "--all-records")
        let wholeRow = wholeStatus.stdout.split(separator: "\n").first { $0.hasPrefix("SeenTip") } ?? ""
        #expect(wholeRow.contains("invalidated"), "\(wholeStatus.stdout)")
        // The journal itself is never written.
        #expect(tipc("journal", f.journal, "verify").stdout.contains("2 records"))
    }

    @Test func explainAllNamesReusableTipsWithoutInstances() throws {
        let f = try Self.fixture()
        let run = tipc("explain", "--all", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z")
        #expect(run.stdout.contains("reusable tips without instances in the journal: ItemTip"), "\(run.stdout)")
        let json = tipc("explain", "--all", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z",
                        "--format", "json")
        #expect(json.stdout.contains("\"reusableWithoutInstances\" : [\n    \"ItemTip\"\n  ]"), "\(json.stdout)")
        // With an instance in the journal, it is explained instead.
        #expect(tipc("journal", f.journal, "display", "ItemTip-a1", "begin", "--at", "2026-03-02T10:00:00Z").status == 0)
        let after = tipc("explain", "--all", "--defs", f.defs, "--journal", f.journal, "--at", "2026-03-03T09:00:00Z")
        #expect(after.stdout.contains("ItemTip-a1"), "\(after.stdout)")
        #expect(!after.stdout.contains("without instances"))
    }
}
