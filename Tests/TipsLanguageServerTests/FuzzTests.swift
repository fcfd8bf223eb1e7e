import Testing
import TipsBenchSupport
@testable import TipsLanguageServer
import TipsText

/// Random edits of a text, kept in step with what the server should hold: positions are
/// always on character boundaries (in UTF-16, as LSP counts), and fragments are the
/// pieces half-typed `.tips` is made of.
struct RandomEditor {
    var text: String
    var random: SeededGenerator
    /// What an edit inserts, and the whole text an edit now and then resets to.
    var fragments = Self.fragments
    var original: String

    static let fragments = ["{", "}", "(", ")", "\"", "rule ", "count(", "manualSave", " where ", "kind == .", "pro",
                            " within 7d", "7", "d", "\n", "tip X {", "title \"t\"", "😀", "\\(", "/*", "*/", "//",
                            "==", "&&", ".", "param q: Plan = .", "event e(", ":", ",", "group G {", "é", "\t",
                            "invalidate when ", "action \"a\" {", "set plan = ", "donate manualSave(kind: .free)",
                            "9223372036854775808", "1e999", "\\u{1F600}", "localized(", "testing { showAll", ""]

    init(text: String, seed: UInt64, fragments: [String] = Self.fragments) {
        self.text = text
        original = text
        self.fragments = fragments
        random = SeededGenerator(seed: seed)
    }

    /// Pieces of half-typed scenario files.
    static let scenarioFragments = ["scenario \"", "\"", "\n", "donate ", "manualSave", "(", "kind: ", ".pro", ",",
                                    " words: ", "3", ")", " x3", " every 1d", "expect ", "ShortcutTip", " available",
                                    " invalidated(", "tipClosed", "set ", "plan", " = ", "advance ", "3 days", "1h30m",
                                    "at 2026-01-05T09:00:00Z", "# ", "display ", " for 30s", "expect group Saving current ",
                                    "NewItemTip(itemID: \"a\")", "platform ", "macOS", "override show ", "relaunch",
                                    "😀", "\\u{1F600}", "explain ", "reset store", "9223372036854775808", ""]

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
            text = original
            return (nil, text)
        }
        var a = randomPosition()
        var b = Int.random(in: 0..<3, using: &random) == 0 ? randomPosition() : a
        if (b.0, b.1) < (a.0, a.1) { swap(&a, &b) }
        var insert = ""
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            insert += fragments.randomElement(using: &random)!
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
                    "seed \(seed) step \(step): \(method) failed: \(response?.rendered() ?? "")")
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

/// The same for a scenario file, which the server runs on every change: every request is
/// answered, half-typed steps never crash it, and its text stays the editor's.
@Suite struct ScenarioFuzzTests {
    @Test(arguments: [1, 2] as [UInt64])
    func randomEditsOfAScenario(seed: UInt64) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        let uri = DocumentURI.uri(forPath: fixture.root + "/app/fuzz.scenario")
        let start = "scenario \"s\"\nset hasSeenList = true\ndonate manualSave(kind: .pro, words: 3) x3\nexpect ShortcutTip pending\n"
        h.notify(Message.didOpen(uri, start))
        var editor = RandomEditor(text: start, seed: seed, fragments: RandomEditor.scenarioFragments)
        let methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/codeAction"]
        for step in 0..<150 {
            let (range, text) = editor.randomEdit()
            h.notify(Message.didChange(uri, version: step + 2, range: range, text: text))
            let (line, character) = editor.randomPosition()
            let method = methods[step % methods.count]
            var params = Message.position(uri, line, character)
            if method == "textDocument/codeAction", case .object(var members) = params {
                members += [("range", Message.range(line, 0, line, character)), ("context", .object(["diagnostics": []]))]
                params = .object(members)
            }
            let response = h.request(method, params)
            #expect(response != nil, "seed \(seed) step \(step): no answer to \(method)")
            #expect(response?["error"] == nil, "seed \(seed) step \(step): \(method) failed: \(response?.rendered() ?? "")")
        }
        #expect(h.server.workspace.documents[uri]?.bytes == Array(editor.text.utf8))
    }
}

/// Every method with parameters of the wrong shape, and random bytes as message bodies:
/// each request gets exactly one answer (mostly errors), and nothing crashes.
@Suite struct MalformedParamsTests {
    static let methods = ["textDocument/hover", "textDocument/definition", "textDocument/references",
                          "textDocument/completion", "textDocument/documentSymbol", "workspace/symbol",
                          "textDocument/formatting", "textDocument/codeAction", "textDocument/prepareRename",
                          "textDocument/rename", "textDocument/semanticTokens/full", "textDocument/documentHighlight"]
    static let shapes: [JSON] = [
        .null, 3, "text", [1, 2], .object([]),
        .object(["textDocument": 7]),
        .object(["textDocument": .object(["uri": "file:///nowhere/x.tips"]), "position": "here"]),
        .object(["textDocument": .object(["uri": "file:///nowhere/x.tips"]),
                 "position": .object(["line": -5, "character": .double(1e12)]), "range": [], "newName": 4, "query": 9]),
    ]

    @Test func wrongShapesGetOneAnswerEach() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        for method in Self.methods {
            for shape in Self.shapes {
                let out = h.send(Message.request(99, method, shape)).filter { $0["id"] != nil }
                #expect(out.count == 1, "\(method) \(shape.rendered())")
            }
            // With the open document and a position far outside it: answered, not an error.
            var params = Message.position(fixture.tipsURI, 10_000, 10_000)
            if case .object(var members) = params {
                members += [("newName", "x"), ("range", Message.range(99, 0, 99, 5)), ("query", "")]
                params = .object(members)
            }
            let answer = h.send(Message.request(100, method, params)).first { $0["id"]?.int == 100 }
            #expect(answer?["result"] != nil || answer?["error"]?["code"]?.int == RPCError.requestFailedCode,
                    "\(method): \(answer?.rendered() ?? "no answer")")
        }
    }

    @Test func randomBytesAsBodies() {
        var h = Harness()
        _ = h.request("initialize", Message.initialize(rootURI: "file:///nowhere"))
        var random = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let length = Int.random(in: 0..<64, using: &random)
            let pieces: [[UInt8]] = [Array("{\"jsonrpc\":\"2.0\",".utf8), Array("\"id\":".utf8), Array("\"method\":".utf8),
                                     Array("\"params\":".utf8), Array("[{\"\\u".utf8), [0xFF, 0xC3], Array("}]".utf8)]
            var body: [UInt8] = []
            while body.count < length {
                if Bool.random(using: &random) { body += pieces.randomElement(using: &random)! }
                else { body.append(UInt8.random(in: 0...255, using: &random)) }
            }
            let out = h.send(raw: body)
            #expect(out.count <= 1)
        }
        #expect(h.request("shutdown", .null)?["result"] == .null)
    }
}
