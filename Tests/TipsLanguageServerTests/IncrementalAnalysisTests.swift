import Testing
@testable import TipsLanguageServer

/// The server re-checks a catalog incrementally after each edit (`IncrementalChecker`): what
/// it publishes and answers must be what a server that never saw the earlier versions says.
@Suite struct IncrementalAnalysisTests {
    @Test(arguments: [4, 5] as [UInt64])
    func randomEditsAnswerLikeAFreshServer(seed: UInt64) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        var h = Harness.started(fixture)
        h.notify(Message.didOpen(fixture.tipsURI, Fixture.tips))
        var editor = RandomEditor(text: Fixture.tips, seed: seed)
        for step in 0..<80 {
            let (range, text) = editor.randomEdit()
            h.notify(Message.didChange(fixture.tipsURI, version: step + 2, range: range, text: text))
            var fresh = Harness.started(fixture)
            fresh.notify(Message.didOpen(fixture.tipsURI, editor.text, version: step + 2))
            for uri in [fixture.tipsURI, fixture.modelURI] {
                #expect((h.diagnostics(uri) ?? []) == (fresh.diagnostics(uri) ?? []), "seed \(seed) step \(step): \(uri)")
            }
            for _ in 0..<3 {
                let (line, character) = editor.randomPosition()
                for method in ["textDocument/hover", "textDocument/definition"] {
                    let position = Message.position(fixture.tipsURI, line, character)
                    #expect(h.request(method, position)?["result"] == fresh.request(method, position)?["result"],
                            "seed \(seed) step \(step): \(method) at \(line):\(character)")
                }
            }
        }
    }
}
