import Testing
@testable import TipsLanguageServer

/// A seeded generator (SplitMix64), so a failing run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random edits of a text, kept in step with what the server should hold: positions are
/// always on character boundaries (in UTF-16, as LSP counts), and fragments are the
/// pieces half-typed `.tips` is made of.
struct RandomEditor {
    var text: String
    var random: SplitMix64

    static let fragments = ["{", "}", "(", ")", "\"", "rule ", "count(", "manualSave", " where ", "kind == .", "pro",
                            " within 7d", "7", "d", "\n", "tip X {", "title \"t\"", "😀", "\\(", "/*", "*/", "//",
                            "==", "&&", ".", "param q: Plan = .", "event e(", ":", ",", "group G {", "é", "\t",
                            "invalidate when ", "action \"a\" {", "set plan = ", "donate manualSave(kind: .free)",
                            "9223372036854775808", "1e999", "\\u{1F600}", "localized(", "testing { showAll", ""]

    init(text: String, seed: UInt64) {
        self.text = text
        random = SplitMix64(state: seed)
    }

    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// A random (line, UTF-16 character) on a character boundary, sometimes past the end.
    mutating func randomPosition() -> (Int, Int) {
        let lines = self.lines
        let line = Int.random(in: 0..<lines.count, using: &random)
        let characters = Array(lines[line])
        let index = Int.random(in: 0...characters.count, using: &random)
        return (line, characters.prefix(index).reduce(0) { $0 + $1.utf16.count })
    }

    /// The `String.Index` of a position produced by ``randomPosition()``.
    func index(_ line: Int, _ character: Int) -> String.Index {
        var i = text.startIndex
        for _ in 0..<line { i = text[i...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex }
        var units = 0
        while i < text.endIndex, text[i] != "\n", units < character {
            units += text[i].utf16.count
            i = text.index(after: i)
        }
        return i
    }

    /// A random edit (range or whole text, replacement) applied to `text`.
    mutating func randomEdit() -> (JSON?, String) {
        if Int.random(in: 0..<50, using: &random) == 0 {
            text = Fixture.tips
            return (nil, text)
        }
        var a = randomPosition()
        var b = Int.random(in: 0..<3, using: &random) == 0 ? randomPosition() : a
        if (b.0, b.1) < (a.0, a.1) { swap(&a, &b) }
        var insert = ""
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            insert += Self.fragments.randomElement(using: &random)!
        }
        let start = index(a.0, a.1)
        let end = index(b.0, b.1)
        text.replaceSubrange(start..<max(start, end), with: insert)
        return (Message.range(a.0, a.1, b.0, b.1), insert)
    }
}

/// Hundreds of random edits through the server: every request is answered, the server's
/// text stays the editor's, and no input crashes or hangs it.
@Suite struct FuzzTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomEditsKeepTheServerConsistentAndResponsive(seed: UInt64) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        var editor = RandomEditor(text: Fixture.tips, seed: seed)
        let methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
                       "textDocument/references", "textDocument/documentHighlight", "textDocument/prepareRename"]
        for step in 0..<250 {
            let (range, text) = editor.randomEdit()
            h.notify(Message.didChange(fixture.tipsURI, version: step + 2, range: range, text: text))
            let (line, character) = editor.randomPosition()
            let method = methods[step % methods.count]
            let response = h.request(method, Message.position(fixture.tipsURI, line, character))
            #expect(response != nil, "seed \(seed) step \(step): no answer to \(method)")
            #expect(response?["error"] == nil || response?["error"]?["code"]?.int == RPCError.requestFailedCode,
                    "seed \(seed) step \(step): \(method) failed: \(response?.serialized ?? "")")
            if step % 25 == 0 {
                for whole in ["textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/formatting"] {
                    #expect(h.request(whole, .object(["textDocument": .object(["uri": .string(fixture.tipsURI)])]))?["result"] != nil)
                }
            }
        }
        let held = h.server.workspace.documents[fixture.tipsURI]?.bytes
        #expect(held == Array(editor.text.utf8), "seed \(seed): the server's text drifted from the editor's")
    }
}
