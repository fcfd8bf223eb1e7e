import Testing
@testable import TipsText

/// The one reading of `\(name)` placeholders: what `tipc strings check` compares and what
/// the runtime fills into a translation must be the same pieces.
@Suite struct PlaceholderTextTests {
    @Test(arguments: [
        ("\\(a)", ["a": "1"], "1"),
        ("x\\(a)y\\(b)z", ["a": "1", "b": "2"], "x1y2z"),
        ("\\(b) \\(a) \\(b)", ["a": "1", "b": "2"], "2 1 2"),
        ("\\(a", ["a": "1"], "\\(a"),
        ("\\(c) \\(a)", ["a": "1"], "\\(c) 1"),
        ("\\(\\(a))", ["a": "1"], "\\(1)"),  // an unclosed `\(` is text; the `\(a)` after it is filled
        ("no placeholders", ["a": "1"], "no placeholders"),
        ("\\()", ["": "empty"], "empty"),
        ("\\(a)", [:], "\\(a)"),
        // A value is written once, never read again.
        ("\\(a) \\(b)", ["a": "\\(b)", "b": "2"], "\\(b) 2"),
        ("\\(a)", ["a": "\\(a)"], "\\(a)"),
        ("\\(a)\\(b)", ["a": "\\", "b": "(c)"], "\\(c)"),
        ("é\\(a)\u{301}", ["a": "e"], "ée\u{301}"),
    ] as [(String, [String: String], String)])
    func filled(_ row: (String, [String: String], String)) {
        #expect(PlaceholderText.filled(row.0, with: row.1) == row.2)
    }

    @Test(arguments: [
        ("", []),
        ("plain", [.text("plain")]),
        ("a\\(x)b", [.text("a"), .placeholder("x"), .text("b")]),
        ("\\(x)\\(y)", [.placeholder("x"), .placeholder("y")]),
        ("\\(x\\(y)", [.text("\\(x"), .placeholder("y")]),
        ("\\(x", [.text("\\(x")]),
        ("\\\\(x)", [.text("\\"), .placeholder("x")]),
    ] as [(String, [PlaceholderText.Piece])])
    func pieces(_ row: (String, [PlaceholderText.Piece])) {
        #expect(PlaceholderText.pieces(row.0) == row.1)
        // The pieces are the text: nothing is lost or added.
        let joined = PlaceholderText.pieces(row.0).map { piece in
            switch piece {
            case .text(let t): t
            case .placeholder(let name): "\\(" + name + ")"
            }
        }.joined()
        #expect(joined == row.0)
    }
}
