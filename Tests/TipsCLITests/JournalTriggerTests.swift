import Foundation
import Testing
@testable import TipsCLI
import TipsJournal
import TipsTestSupport

/// `tipc journal FILE donate EVENT --defs` (issue 20 item 5) fires the definitions'
/// `invalidate when` triggers as the app's store does: the journal built by hand agrees
/// with the app's. Without definitions nothing is derived.
@Suite struct JournalTriggerTests {
    static let catalog = """
        event opened
        event settingsChanged(kind: String)
        tip SettingsTip {
            title "Settings"
            invalidate when settingsChanged where kind == "theme" reason tipClosed
        }
        tip ItemTip(itemID: String) {
            id "ItemTip-\\(itemID)"
            title "Item"
            invalidate when settingsChanged reason actionPerformed
        }
        """

    static func records(_ path: String) throws -> [JournalRecord] {
        try Journal.readEntries(at: path).entries.map(\.record)
    }

    static let at = ["--at", "2026-01-01T00:00:00Z"]
    static let t0: Int64 = 1_767_225_600_000

    @Test func aMatchingDonationInvalidatesAsInTheApp() throws {
        let dir = try TemporaryDirectory()
        try dir.write("defs/main.tips", Self.catalog)
        let defs = dir.path + "/defs", j = dir.path + "/state.jsonl"
        // An instance the journal knows is invalidated too, as the store would.
        #expect(tipc(["journal", j, "display", "ItemTip-7", "begin", "--defs", defs] + Self.at).status == 0)
        let miss = tipc(["journal", j, "donate", "settingsChanged", "kind=font", "--defs", defs] + Self.at)
        #expect(miss.stdout == "invalidated ItemTip-7 (actionPerformed): its 'invalidate when' matches this donation\nok\n", "\(miss.stderr)")
        let hit = tipc(["journal", j, "donate", "settingsChanged", "kind=theme", "--defs", defs] + Self.at)
        #expect(hit.stdout == "invalidated SettingsTip (tipClosed): its 'invalidate when' matches this donation\nok\n", "\(hit.stderr)")
        #expect(try Self.records(j) == [
            .displayBegan(tip: "ItemTip-7", at: Self.t0),
            .donate(event: "settingsChanged", at: Self.t0, payload: ["kind": .string("font")]),
            .invalidate(tip: "ItemTip-7", reason: "actionPerformed", at: Self.t0),
            .donate(event: "settingsChanged", at: Self.t0, payload: ["kind": .string("theme")]),
            .invalidate(tip: "SettingsTip", reason: "tipClosed", at: Self.t0),
        ])
        // Already invalidated: a second match adds nothing, as in the app.
        let again = tipc(["journal", j, "donate", "settingsChanged", "kind=theme", "--defs", defs] + Self.at)
        #expect(again.stdout == "ok\n")
    }

    @Test func withoutDefinitionsOnlyTheDonationIsWritten() throws {
        let dir = try TemporaryDirectory()
        let j = dir.path + "/state.jsonl"
        #expect(tipc(["journal", j, "donate", "settingsChanged", "kind=\"theme\""] + Self.at).stdout == "ok\n")
        #expect(try Self.records(j) == [.donate(event: "settingsChanged", at: Self.t0, payload: ["kind": .string("theme")])])
    }
}
