import Foundation
import Testing
@testable import TipsCLI
import TipsJournal
import TipsTestSupport

/// `tipc journal` and `tipc status` with a catalog that declares persistence keys: records
/// go under the key, and keyed state is known, not "kept for what the definitions don't declare".
@Suite struct KeyCommandTests {
    static let catalog = """
        param isLoggedIn: Bool = false key "com.quill.loggedIn"
        event noteSaved(words: Int) key "com.quill.noteSaved"
        tip SaveTip {
            title "Save"
            rule isLoggedIn && count(noteSaved) >= 2
        }

        """

    @Test func journalRecordsGoUnderTheKey() throws {
        let dir = try TemporaryDirectory()
        let defs = try dir.write("app/catalog.tips", Self.catalog)
        let j = dir.path + "/state.jsonl"
        let at = ["--at", "2026-01-01T00:00:00Z", "--defs", defs]
        for step in [["set", "isLoggedIn", "true"], ["donate", "noteSaved", "words=3"],
                     ["donate", "com.quill.noteSaved", "words=4"], ["set", "com.quill.loggedIn", "true"]] {
            let run = tipc(["journal", j] + step + at)
            #expect(run.stdout == "ok\n", "\(step): \(run.stderr)")
        }
        let t0: Int64 = 1_767_225_600_000
        #expect(try Journal.readEntries(at: j).entries.map(\.record) == [
            .param(name: "com.quill.loggedIn", value: .bool(true), at: t0),
            .donate(event: "com.quill.noteSaved", at: t0, payload: ["words": .int(3)]),
            .donate(event: "com.quill.noteSaved", at: t0, payload: ["words": .int(4)]),
            .param(name: "com.quill.loggedIn", value: .bool(true), at: t0),
        ])
        let status = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-01T00:00:01Z")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("SaveTip  available"), "\(status.stdout)")
        #expect(!status.stdout.contains("kept for"), "\(status.stdout)")
    }

    @Test func stateUnderTheNameOfAKeyedDeclarationIsNotItsOwn() throws {
        let dir = try TemporaryDirectory()
        let defs = try dir.write("app/catalog.tips", Self.catalog)
        let j = dir.path + "/state.jsonl"
        // Without definitions the name is written as given: the catalog stores under the key.
        #expect(tipc("journal", j, "set", "isLoggedIn", "true", "--at", "2026-01-01T00:00:00Z").status == 0)
        let status = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-01T00:00:01Z")
        #expect(status.stdout.contains("kept for parameters the definitions don't declare: isLoggedIn"), "\(status.stdout)")
    }

    @Test func disasmShowsKeysAndAssetImagesInFormat4() throws {
        let dir = try TemporaryDirectory()
        let defs = try dir.write("app/catalog.tips", Self.catalog.replacingOccurrences(of: "title \"Save\"", with: "title \"Save\" image asset \"Hero\""))
        let out = dir.path + "/b.tipsb"
        #expect(tipc("compile", defs, "-o", out).status == 0)
        let listing = tipc("disasm", out).stdout
        #expect(listing.contains("format version 4"), "\(listing)")
        #expect(listing.contains("  key: parameter isLoggedIn stored as \"com.quill.loggedIn\"\n"))
        #expect(listing.contains("  key: event noteSaved stored as \"com.quill.noteSaved\"\n"))
        #expect(listing.contains("  asset image: tip SaveTip\n"))
        // Without keys or asset images the bundle stays format 2.
        let plain = try dir.write("plain/catalog.tips", "param p: Bool = false\ntip T { title \"T\" image \"star\" rule p }\n")
        #expect(tipc("compile", plain, "-o", out).status == 0)
        #expect(tipc("disasm", out).stdout.contains("format version 2"))
    }
}
