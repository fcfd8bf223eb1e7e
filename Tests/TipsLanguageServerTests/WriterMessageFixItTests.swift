import Testing
import TipsText
@testable import TipsLanguageServer

/// The editor offers the fix-its of issue 20's messages for writers as quick fixes, like any
/// other diagnostic's: a misspelt SF Symbol (W107) and a number word (E202).
@Suite struct WriterMessageFixItTests {
    func withServer(_ body: (inout Harness, Fixture) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        try body(&h, fixture)
    }

    @Test(arguments: [
        ("    image \"heart.fil\"", 12, "W107", "\"heart.fill\""),
        ("    maxDisplayCount three", 22, "E202", "3"),
    ])
    func theQuickFixIsTheFixIt(_ line: String, _ column: Int, _ code: String, _ newText: String) throws {
        try withServer { h, f in
            let text = "param writerSeen: Bool = false\ntip WriterTip {\n    title \"T\"\n\(line)\n    rule writerSeen\n}\n"
            h.notify(Message.didChange(f.tipsURI, version: 2, range: nil, text: text))
            #expect(h.codes(f.tipsURI).contains(code), "\(h.codes(f.tipsURI))")
            let actions = h.result("textDocument/codeAction", .object([
                "textDocument": .object(["uri": .string(f.tipsURI)]),
                "range": Message.range(3, column, 3, column),
                "context": .object(["diagnostics": .array(h.diagnostics(f.tipsURI) ?? [])])]))?.array ?? []
            let edits = actions.compactMap { $0["edit"]?["changes"]?[f.tipsURI]?.array?.first?["newText"]?.string }
            #expect(edits.contains(newText), "\(edits)")
        }
    }
}
