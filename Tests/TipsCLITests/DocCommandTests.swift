import Foundation
import Testing
import TipsCLI

/// `tipc doc` end to end: both formats, `--changes OLD` listing what `tipc diff` finds, and
/// wrong use.
@Suite struct DocCommandTests {
    static let fixtures = (#filePath as NSString).deletingLastPathComponent + "/Fixtures/diff"
    static let notes = (#filePath as NSString).deletingLastPathComponent + "/../../Definitions/notes-app"

    @Test func markdownAndHTML() {
        let md = tipc("doc", Self.notes)
        #expect(md.status == 0, "\(md.stderr)")
        #expect(md.stdout.contains("### SaveShortcutTip\n"))
        #expect(md.stdout.contains("  - at least 3 manualSave events in the last 7d\n"))
        let html = tipc("doc", "--format", "html", Self.notes)
        #expect(html.status == 0)
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>") && html.stdout.contains("<section class=\"tip\" id=\"tip-SaveShortcutTip\">"))
    }

    /// The changes section lists exactly what `tipc diff OLD NEW` reports, by code.
    @Test(arguments: ["event-removed", "copy-changed"])
    func changesMatchDiff(name: String) throws {
        let old = Self.fixtures + "/" + name + "/old", new = Self.fixtures + "/" + name + "/new"
        let doc = tipc("doc", "--changes", old, new)
        #expect(doc.status == 0, "\(doc.stderr)")
        #expect(doc.stdout.contains("## Changes\n"))
        let diff = tipc("diff", "--format", "json", old, new)
        let codes = diff.stdout.components(separatedBy: "\"code\" : \"").dropFirst().compactMap { $0.split(separator: "\"").first }
            + diff.stdout.components(separatedBy: "\"code\": \"").dropFirst().compactMap { $0.split(separator: "\"").first }
        #expect(!codes.isEmpty, "\(diff.stdout)")
        for code in codes { #expect(doc.stdout.contains(" \(code)**"), "\(code) missing from\n\(doc.stdout)") }
    }

    @Test(arguments: [
        (["--format", "pdf"], "invalid value 'pdf' for --format; expected markdown, html"),
        (["--change", "x"], "did you mean '--changes'?"),
        (["a", "b"], "one catalog at a time, got 2 paths"),
    ])
    func misuse(args: [String], message: String) {
        var out = "", err = ""
        let status = Tipc.run(["doc"] + args, stdout: &out, stderr: &err)
        #expect(status == 2)
        #expect(err.contains(message), "\(err)")
    }
}
