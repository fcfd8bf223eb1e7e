import Foundation
import Testing
@testable import TipsCLI
@testable import TipsCommandLine
import TipsJournal
import TipsTestSupport

/// A small catalog for `tipc status` and `tipc journal`: a group, an enum payload, a
/// reusable tip, parameters of several types.
enum RuntimeCatalog {
    static let text = """
        config {
            displayFrequency immediate
        }

        enum Method { menu, shortcut }

        param hasKeyboard: Bool = false
        param tags: Set<String> = []
        param price: Double = 0.0
        param due: Date?
        transient param isComposing: Bool = false

        event manualSave(method: Method)
        event listOpened

        tip ShortcutTip {
            title "Save Faster"
            rule hasKeyboard && !isComposing
            rule count(manualSave where method == .menu within 7d) >= 3
            rule tags.count >= 0 && price >= 0.0 && (due == nil || due != nil)
            maxDisplayCount 3
        }

        tip ListTip {
            id "list-tip"
            title "All Your Notes"
            rule count(manualSave) >= 1
            invalidate when listOpened
        }

        tip ItemTip(itemID: String) {
            id "ItemTip-\\(itemID)"
            title "New: \\(itemID)"
            rule count(manualSave) >= 1
        }

        group Main { ShortcutTip, ListTip }

        """

    /// A directory holding the catalog as `defs/app.tips`; returns the catalog's path.
    static func write(in dir: TemporaryDirectory) throws -> String {
        try dir.write("defs/app.tips", text)
        return dir.path + "/defs"
    }
}

@Suite struct StatusCommandTests {
    /// A journal built with `tipc journal`: three menu saves, a keyboard, one instance shown.
    func prepared() throws -> (TemporaryDirectory, defs: String, journal: String) {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/state.jsonl"
        for (i, args) in [["donate", "manualSave", "method=.menu"], ["donate", "manualSave", "method=.menu"],
                          ["donate", "manualSave", "method=.menu"], ["set", "hasKeyboard", "true"],
                          ["display", "ItemTip-a1", "begin"], ["display", "ItemTip-a1", "end"],
                          ["invalidate", "ItemTip-b2", "tipClosed"], ["set", "retired", "3"]].enumerated() {
            let run = tipc(["journal", j] + args + ["--at", "2026-01-01T00:0\(i):00Z"])
            #expect(run.status == 0 && run.stdout == "ok\n", "\(args): \(run.stderr)")
        }
        return (dir, defs, j)
    }

    @Test func textTableOfTipsAndGroups() throws {
        let (dir, defs, j) = try prepared()
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == """
            status at 2026-01-02T00:00:00Z from \(j) (8 records)

            TIP          STATUS                  DETAIL
            ShortcutTip  available               rules 3/3 hold
            ListTip      available               id list-tip; rules 1/1 hold
            ItemTip-a1   available               instance of ItemTip; rules 1/1 hold; displayed 1 time, 1m in all
            ItemTip-b2   invalidated(tipClosed)  instance of ItemTip; since 2026-01-01T00:06:00Z

            GROUP  PRIORITY        CURRENT
            Main   firstAvailable  ShortcutTip

            kept for parameters the definitions don't declare: retired

            """)
        _ = dir
    }

    @Test func atMovesTheEvaluationInstant() throws {
        let (dir, defs, j) = try prepared()
        // Nine days later the saves have left `within 7d`: ShortcutTip is pending again.
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-10T00:00:00Z")
        #expect(run.stdout.contains("ShortcutTip  pending                 rules 2/3 hold"))
        #expect(run.stdout.contains("Main   firstAvailable  ListTip"))
        _ = dir
    }

    @Test func jsonDocumentWithStableKeys() throws {
        let (dir, defs, j) = try prepared()
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z", "--format", "json")
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("""
            {
              "version": 1,
              "at": "2026-01-02T00:00:00Z",
              "journal": {
                "path": "\(j)",
                "exists": true,
                "records": 8,
                "corruptedLines": [],
                "tornTail": false
              },
              "tips": [
                {
                  "name": "ShortcutTip",
                  "id": "ShortcutTip",
                  "instance": false,
                  "status": "available",
                  "reason": null,
                  "rules": [
                    true,
                    true,
                    true
                  ],
            """))
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let tips = try #require(doc["tips"] as? [[String: Any]])
        #expect(tips.map { $0["id"] as? String } == ["ShortcutTip", "list-tip", "ItemTip-a1", "ItemTip-b2"])
        #expect(tips[3]["status"] as? String == "invalidated" && tips[3]["reason"] as? String == "tipClosed")
        #expect(tips[3]["invalidatedAt"] as? String == "2026-01-01T00:06:00Z")
        #expect(tips[2]["displayMilliseconds"] as? Int == 60_000)
        let groups = try #require(doc["groups"] as? [[String: Any]])
        #expect(groups.first?["current"] as? String == "ShortcutTip")
        #expect((doc["unknown"] as? [String: Any])?["parameters"] as? [String] == ["retired"])
        _ = dir
    }

    @Test func aBundleWorksLikeDefinitions() throws {
        let (dir, defs, j) = try prepared()
        let bundle = try #require(try TemporaryDirectory.compile(defs))
        let path = try dir.write("app.tipsb", "")
        try Data(bundle).write(to: URL(fileURLWithPath: path))
        let fromDefs = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        let fromBundle = tipc("status", "--bundle", path, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        #expect(fromBundle.status == 0)
        #expect(fromBundle.stdout == fromDefs.stdout)
    }

    @Test func aMissingJournalIsAnEmptyStateAndIsNotCreated() throws {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/none.jsonl"
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        #expect(run.status == 0)
        #expect(run.stderr == "tipc: note: \(j) does not exist; showing the state of an empty journal\n")
        #expect(run.stdout.contains("(no such file: empty state)"))
        #expect(run.stdout.contains("ShortcutTip  pending  rules 1/3 hold"))
        #expect(run.stdout.contains("reusable tips without instances in the journal: ItemTip"))
        #expect(!FileManager.default.fileExists(atPath: j))
        #expect(!FileManager.default.fileExists(atPath: j + ".lock"))
    }

    @Test func statusNeverWritesTheJournal() throws {
        let (dir, defs, j) = try prepared()
        // A presentation left open and a torn last line: the runtime would end the one and
        // cut off the other when it opens; status must leave both in the file.
        #expect(tipc("journal", j, "display", "ShortcutTip", "begin", "--at", "2026-01-01T01:00:00Z").status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: j))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":10,\"t\":\"dis".utf8))
        try handle.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: j))
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        #expect(run.status == 0)
        #expect(run.stderr.contains("torn last line ignored"))
        #expect(run.stdout.contains("presentation left open since 2026-01-01T01:00:00Z (counted as ended then)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: j)) == before)
        _ = dir
    }

    @Test func corruptedLinesAreReportedWithTheirNumbers() throws {
        let (dir, defs, j) = try prepared()
        var lines = try String(contentsOfFile: j, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "menu", with: "mena")
        try (lines.joined(separator: "\n") + "\n").write(toFile: j, atomically: true, encoding: .utf8)
        let run = tipc("status", "--defs", defs, "--journal", j, "--at", "2026-01-02T00:00:00Z")
        #expect(run.status == 0)
        #expect(run.stderr.contains("tipc: warning: \(j):3: corrupted line skipped (crc mismatch)"))
        #expect(run.stdout.contains("(7 records)"))
        _ = dir
    }

    @Test func usageAndInputErrors() throws {
        let dir = try TemporaryDirectory()
        let defs = try RuntimeCatalog.write(in: dir)
        let j = dir.path + "/j.jsonl"
        #expect(tipc("status", "--journal", j).status == 2)
        #expect(tipc("status", "--defs", defs).status == 2)
        #expect(tipc("status", "--defs", defs, "--bundle", "x", "--journal", j).stderr.contains("not both"))
        #expect(tipc("status", "--defs", defs, "--journal", j, "--at", "yesterday").status == 2)
        #expect(tipc("status", "--defs", defs, "--journal", j, "extra").status == 2)
        #expect(tipc("status", "--defs", dir.path + "/nowhere", "--journal", j).stderr
            == "tipc: error: no such file or directory: \(dir.path)/nowhere\n")
        let broken = try dir.write("broken/a.tips", "tip T {\n    title \"x\"\n    rule count(nothing) > 0\n}\n")
        let bad = tipc("status", "--defs", (broken as NSString).deletingLastPathComponent, "--journal", j)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("unknown event 'nothing'"))
        let junk = try dir.write("junk.tipsb", "not a bundle")
        #expect(tipc("status", "--bundle", junk, "--journal", j).status == 1)
        #expect(tipc("status", "--bundle", dir.path + "/none.tipsb", "--journal", j).status == 2)
        let notJournal = try dir.write("notes.txt", "hello\n")
        let run = tipc("status", "--defs", defs, "--journal", notJournal)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("tipc: error: \(notJournal): not a tips journal"))
        #expect(tipc("status", "--help").stdout.hasPrefix("usage: tipc status"))
    }
}

extension TemporaryDirectory {
    /// The bundle bytes of the catalog at `path`, through `tipc`'s own loader.
    static func compile(_ path: String) throws -> [UInt8]? {
        var invocation = Invocation(arguments: [], environment: [:], terminals: .none)
        return try? Definitions.compile(path, &invocation).bytes
    }
}

/// Runs `tipc` in-process with an argument array.
func tipc(_ arguments: [String]) -> TipcRun {
    var out = ""
    var err = ""
    let status = Tipc.run(arguments, stdout: &out, stderr: &err)
    return TipcRun(status: status, stdout: out, stderr: err)
}
