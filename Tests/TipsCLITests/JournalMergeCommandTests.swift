import Foundation
import Testing
import TipsCLI
import TipsJournal
import TipsTestSupport

/// `tipc journal merge A B -o OUT` (Docs/sync.md).
@Suite struct JournalMergeCommandTests {
    /// Two devices' journals, written with `tipc journal` as the runtime would.
    static func devices(_ dir: TemporaryDirectory) -> (a: String, b: String) {
        let a = dir.path + "/phone.jsonl", b = dir.path + "/laptop.jsonl"
        for args in [
            [a, "set", "hasSeenList", "true", "--at", "2026-01-01T10:00:00Z"],
            [a, "donate", "manualSave", "--at", "2026-01-01T10:01:00Z"],
            [a, "display", "ShortcutTip", "begin", "--at", "2026-01-01T10:02:00Z"],
            [a, "display", "ShortcutTip", "end", "--at", "2026-01-01T10:02:30Z"],
            [a, "invalidate", "ShortcutTip", "tipClosed", "--at", "2026-01-01T10:02:30Z"],
            [b, "set", "hasSeenList", "false", "--at", "2026-01-01T09:00:00Z"],
            [b, "donate", "manualSave", "--at", "2026-01-01T10:01:00Z"],
            [b, "donate", "manualSave", "--at", "2026-01-01T11:00:00Z"],
            [b, "display", "ProTip", "begin", "--at", "2026-01-01T11:05:00Z"],
            [b, "display", "ProTip", "end", "--at", "2026-01-01T11:05:10Z"],
        ] {
            var out = "", err = ""
            #expect(Tipc.run(["journal"] + args, stdout: &out, stderr: &err) == 0, "\(err)")
        }
        return (a, b)
    }

    /// The record lines of a journal (the header holds the creation instant).
    static func body(_ path: String) throws -> [String] {
        Array(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init))
    }

    @Test func mergesInEitherOrderToTheSameJournal() throws {
        let dir = try TemporaryDirectory()
        let (a, b) = Self.devices(dir)
        let ab = tipc("journal", "merge", a, b, "-o", dir.path + "/ab.jsonl", "--at", "2026-01-02T00:00:00Z")
        #expect(ab.status == 0)
        #expect(ab.stdout == "merged 2 journals into \(dir.path)/ab.jsonl: 6 records (1 parameters, 2 donations, 2 tips)\n")
        #expect(tipc("journal", "merge", b, a, "-o", dir.path + "/ba.jsonl").status == 0)
        #expect(try Self.body(dir.path + "/ab.jsonl") == Self.body(dir.path + "/ba.jsonl"))
        let state = JournalState(records: try Journal.readEntries(at: dir.path + "/ab.jsonl").entries.map(\.record))
        #expect(state.params["hasSeenList"]?.value == .bool(true))  // 10:00 beats 09:00
        #expect(state.donations["manualSave"]?.count == 2)          // the shared 10:01 donation counts once
        #expect(state.tips["ShortcutTip"]?.invalidation?.reason == "tipClosed")
        #expect(state.tips["ProTip"]?.displayMs == 10_000)
        // The merged file is an ordinary journal: the other commands read it.
        #expect(tipc("journal", dir.path + "/ab.jsonl", "verify").status == 0)
    }

    @Test func mergingAgainChangesNothing() throws {
        let dir = try TemporaryDirectory()
        let (a, b) = Self.devices(dir)
        let ab = dir.path + "/ab.jsonl", again = dir.path + "/again.jsonl"
        #expect(tipc("journal", "merge", a, b, "-o", ab).status == 0)
        #expect(tipc("journal", "merge", ab, a, b, ab, "-o", again).status == 0)
        #expect(try Self.body(again) == Self.body(ab))
        // OUT may be an input: it is replaced atomically, as a compaction replaces it (the
        // header kept, sequence numbers counting on), with the same records.
        let header = try String(contentsOfFile: ab, encoding: .utf8).split(separator: "\n").first
        #expect(tipc("journal", "merge", ab, b, "-o", ab).status == 0)
        #expect(try Journal.readEntries(at: again).entries.map(\.record) == Journal.readEntries(at: ab).entries.map(\.record))
        #expect(try String(contentsOfFile: ab, encoding: .utf8).split(separator: "\n").first == header)
        #expect(try Journal.readEntries(at: ab).entries.first?.seq == UInt64(try Self.body(again).count + 1))
    }

    @Test func badInvocations() throws {
        let dir = try TemporaryDirectory()
        let (a, b) = Self.devices(dir)
        let noOutput = tipc("journal", "merge", a, b)
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.hasPrefix("tipc: error: merge needs -o OUT, the journal to write\n"))
        let one = tipc("journal", "merge", a, "-o", dir.path + "/x.jsonl")
        #expect(one.status == 2)
        #expect(one.stderr.hasPrefix("tipc: error: merge needs at least two journals; got 1\n"))
        let missing = tipc("journal", "merge", a, dir.path + "/none.jsonl", "-o", dir.path + "/x.jsonl")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory"))
        try dir.write("notes.txt", "hello\n")
        let junk = tipc("journal", "merge", a, dir.path + "/notes.txt", "-o", dir.path + "/x.jsonl")
        #expect(junk.status == 1)
        #expect(junk.stderr.contains("not a tips journal"))
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/x.jsonl"))
    }
}
