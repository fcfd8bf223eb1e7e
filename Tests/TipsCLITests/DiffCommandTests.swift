import Foundation
import Testing
import TipsBytecode
import TipsCLI
import TipsCompile
import TipsSource
import TipsTestSupport

/// `tipc diff` on the fixture pairs in `Fixtures/diff/CASE/{old,new}`: one pair per kind of
/// change, each with the codes it must report and the exit status.
@Suite struct DiffCommandTests {
    static let fixtures = (#filePath as NSString).deletingLastPathComponent + "/Fixtures/diff"

    static func pair(_ name: String) -> (old: String, new: String) {
        (fixtures + "/" + name + "/old", fixtures + "/" + name + "/new")
    }

    /// The codes in the JSON output, in order.
    static func codes(_ run: TipcRun) throws -> [String] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [[String: Any]])
        return changes.compactMap { $0["code"] as? String }
    }

    @Test(arguments: [
        ("identical", [], 0),
        ("tip-removed", ["D100", "D150"], 1),
        ("tip-id-changed", ["D101"], 1),
        ("tip-renamed-id-kept", ["D103", "D150"], 0),
        ("id-template-changed", ["D101"], 1),
        ("tip-added", ["D102"], 0),
        ("event-removed", ["D110", "D144"], 1),
        ("event-renamed", ["D110", "D115", "D144"], 1),
        ("event-renamed-declared", ["D116"], 0),
        ("param-renamed-declared", ["D125"], 0),
        ("enum-case-renamed-declared", ["D132"], 0),
        ("tip-renamed-declared", ["D104", "D150"], 0),
        ("field-removed", ["D111"], 0),
        ("field-retyped", ["D112"], 1),
        ("field-added", ["D113"], 0),
        ("donation-limit-lowered", ["D114"], 0),
        ("param-removed", ["D120", "D144"], 1),
        ("param-retyped", ["D121", "D122", "D144"], 1),
        ("param-default-changed", ["D122"], 0),
        ("param-became-transient", ["D123"], 0),
        ("transient-param-removed", ["D120", "D144"], 0),
        ("enum-case-removed", ["D130"], 1),
        ("enum-case-added", ["D131"], 0),
        ("max-display-count-lowered", ["D140"], 0),
        ("max-display-count-raised", ["D141"], 0),
        ("max-display-duration-lowered", ["D142"], 0),
        ("rule-changed", ["D144"], 0),
        ("trigger-changed", ["D145"], 0),
        ("action-removed", ["D146"], 0),
        ("copy-changed", ["D160", "D161", "D162"], 0),
        ("group-changed", ["D150"], 0),
        ("frequency-changed", ["D151"], 0),
        // Persistence keys are the identity: a new name with the old key is no removal.
        ("event-renamed-key-kept", ["D117"], 0),
        ("event-key-changed", ["D118"], 1),
        ("param-renamed-key-kept", ["D126"], 0),
        ("param-key-changed", ["D127"], 1),
        ("key-equal-to-name", [], 0),
        ("image-asset", ["D162"], 0),
    ] as [(String, [String], Int32)])
    func fixture(name: String, expected: [String], status: Int32) throws {
        let (old, new) = Self.pair(name)
        let run = tipc("diff", "--format", "json", old, new)
        #expect(run.stderr == "")
        #expect(try Self.codes(run) == expected)
        #expect(run.status == status)
        // The text format agrees on the exit status and reports each code.
        let text = tipc("diff", old, new)
        #expect(text.status == status)
        for code in expected { #expect(text.stdout.contains("[\(code)]")) }
    }

    /// Every fixture directory is in the table above.
    @Test func everyFixtureIsTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures)
        #expect(names.count == 38)
    }

    /// A transient parameter's removal is a note, a persistent one's an error.
    @Test func transientChangesAreNotes() throws {
        let (old, new) = Self.pair("transient-param-removed")
        let run = tipc("diff", "--format", "json", old, new)
        #expect(run.stdout.contains("\"severity\": \"note\""))
        #expect(run.status == 0)
    }

    /// Bundles compiled from the catalogs give the same changes as the catalogs themselves,
    /// in every mix of inputs (only the places differ: a bundle has none).
    @Test(arguments: ["tip-id-changed", "rule-changed", "enum-case-removed", "copy-changed", "trigger-changed",
                      "event-renamed-declared", "param-renamed-declared", "enum-case-renamed-declared",
                      "tip-renamed-declared"])
    func bundlesAgreeWithFolders(name: String) throws {
        let (old, new) = Self.pair(name)
        let dir = try TemporaryDirectory()
        #expect(tipc("compile", old, "-o", dir.path + "/old.tipsb").status == 0)
        #expect(tipc("compile", new, "-o", dir.path + "/new.tipsb").status == 0)
        func stripped(_ run: TipcRun) throws -> [String] {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let changes = try #require(document["changes"] as? [[String: Any]])
            return changes.map { c in
                ["code", "severity", "name", "message", "old", "new"].map { "\(c[$0] ?? "-")" }.joined(separator: "|")
            }
        }
        let folders = try stripped(tipc("diff", "--format", "json", old, new))
        #expect(!folders.isEmpty)
        #expect(try stripped(tipc("diff", "--format", "json", dir.path + "/old.tipsb", dir.path + "/new.tipsb")) == folders)
        #expect(try stripped(tipc("diff", "--format", "json", dir.path + "/old.tipsb", new)) == folders)
        #expect(try stripped(tipc("diff", "--format", "json", old, dir.path + "/new.tipsb")) == folders)
        // A folder and its own bundle: nothing changed.
        #expect(try stripped(tipc("diff", "--format", "json", old, dir.path + "/old.tipsb")).isEmpty)
    }

    @Test func allowListedCodesDoNotFail() throws {
        let (old, new) = Self.pair("tip-removed")
        let allowed = tipc("diff", "--allow", "D100", old, new)
        #expect(allowed.status == 0)
        #expect(allowed.stdout.contains("[D100] (allowed)"))
        #expect(allowed.lastLine.hasSuffix("0 breaking (1 allowed)"))
        #expect(tipc("diff", "--allow", "D101,D110", old, new).status == 1)
        #expect(tipc("diff", "--allow-breaking", old, new).status == 0)
        let github = tipc("diff", "--format", "github", "--allow", "d100", old, new)
        #expect(github.stdout.hasPrefix("::warning file="))
        #expect(github.status == 0)
    }

    @Test func usageErrors() {
        let (old, _) = Self.pair("identical")
        let one = tipc("diff", old)
        #expect(one.status == 2)
        #expect(one.stderr.hasPrefix("tipc: error: expected two inputs, OLD and NEW; got 1\n"))
        let bad = tipc("diff", "--allow", "D99", old, old)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("tipc: error: unknown change code 'D99' for --allow"))
        let missing = tipc("diff", old, "/nonexistent/catalog")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory: /nonexistent/catalog"))
    }

    @Test func brokenInputs() throws {
        let dir = try TemporaryDirectory()
        try dir.write("bad/a.tips", "tip T { rule count(nothing) > 1 }")
        try dir.write("junk.tipsb", "not a bundle")
        let (old, _) = Self.pair("identical")
        let errors = tipc("diff", old, dir.path + "/bad")
        #expect(errors.status == 1)
        #expect(errors.stderr.contains("have errors; run 'tipc check"))
        let junk = tipc("diff", dir.path + "/junk.tipsb", old)
        #expect(junk.status == 1)
        #expect(junk.stderr.contains("invalid bundle"))
    }

    /// Changes point at the declaration: in NEW, or in OLD for what was removed.
    @Test func locations() {
        let (old, new) = Self.pair("tip-removed")
        let run = tipc("diff", old, new)
        #expect(run.stdout.hasPrefix(old + "/Catalog.tips:29:5: error: tip 'ProTip' (id 'ProTip') removed"))
        #expect(run.stdout.contains(new + "/Catalog.tips:36:7: note: group 'Main' changed"))
    }

    @Test func sarifCarriesTheDocsHelp() throws {
        let (old, new) = Self.pair("tip-id-changed")
        let run = tipc("diff", "--format", "sarif", old, new)
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rule = try #require((driver["rules"] as? [[String: Any]])?.first)
        #expect(rule["id"] as? String == "D101")
        let help = (rule["help"] as? [String: Any])?["text"] as? String
        #expect(help == DiagnosticHelp.entry(for: "D101")?.helpText)
        #expect(help?.contains("every user who dismissed the tip sees it again") == true)
    }

    @Test func textGolden() {
        let (old, new) = Self.pair("param-retyped")
        let run = tipc("diff", old, new)
        let relative = run.stdout.replacingOccurrences(of: Self.fixtures + "/", with: "")
        expectGolden(relative, "diff-param-retyped.txt")
    }

    /// The shipped catalogs (localized texts, reusable tips, groups, filters, sets): each
    /// compared with itself and with its own compiled bundle has no change, so rendering
    /// a schema is independent of table order and of the kind of input.
    @Test(arguments: ["fitness-app", "notes-app", "photo-app", "shop-app"])
    func shippedCatalogsMatchTheirBundles(name: String) throws {
        let root = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let catalog = ((root as NSString).deletingLastPathComponent as NSString).appendingPathComponent("Definitions/" + name)
        let dir = try TemporaryDirectory()
        #expect(tipc("compile", catalog, "-o", dir.path + "/b.tipsb").status == 0)
        let run = tipc("diff", catalog, dir.path + "/b.tipsb")
        #expect(run.status == 0)
        #expect(run.lastLine.hasSuffix(": 0 changes (0 errors, 0 warnings, 0 notes), 0 breaking"), "\(run.stdout)")
    }

    /// Two different catalogs: every tip of the old one is reported removed (breaking).
    @Test func unrelatedCatalogsBreakEverything() throws {
        let root = (((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent as NSString)
            .deletingLastPathComponent
        let run = tipc("diff", "--format", "json", root + "/Definitions/notes-app", root + "/Definitions/shop-app")
        #expect(run.status == 1)
        #expect(try Self.codes(run).contains("D100"))
    }

    /// A removal next to an addition of the same shape is called out as a likely rename.
    @Test func likelyRenamesAreNamed() {
        let (old, new) = Self.pair("event-renamed")
        let run = tipc("diff", old, new)
        #expect(run.stdout.contains("event 'manualSave' removed: its donation history stays in users' journals, unread; "
                                    + "if 'savedByHand' (added, same payload) is its new name, declare it: 'renamedFrom manualSave'"))
        let (o2, n2) = Self.pair("event-removed")
        #expect(tipc("diff", o2, n2).stdout.contains("a rename restarts every count from zero (declare it with renamedFrom"))
    }
}
