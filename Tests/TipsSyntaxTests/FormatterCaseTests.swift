import Testing
import TipsSource
import TipsSyntax

/// Small inputs for the corners the golden files do not show well: each is formatted to the
/// expected text, and keeps every property (meaning, comments, idempotence, tidiness).
@Suite struct FormatterCaseTests {
    static let cases: [(input: String, expected: String)] = [
        // Empty and comment-only files.
        ("", ""),
        ("\n\n  \n", ""),
        ("// only a comment   \n\n\n", "// only a comment\n"),
        ("/* a */ /* b */ // c\nparam p: Int = 1", "/* a */ /* b */ // c\nparam p: Int = 1\n"),
        // Windows line ends and tabs.
        ("param a: Int = 1 // one\r\n\r\n\r\n\tparam b: Int = 2\r\n", "param a: Int = 1 // one\n\nparam b: Int = 2\n"),
        // Operators that must stay apart, and parentheses kept exactly as written.
        ("param p: Int = - -1", "param p: Int = --1\n"),
        ("param p: Bool = !(!a)", "param p: Bool = !(!a)\n"),
        ("param p: Int = a-(b-c)", "param p: Int = a - (b - c)\n"),
        ("param p: Int = (tags).count", "param p: Int = (tags).count\n"),
        ("param p: Int = a ?? (b ?? c)", "param p: Int = a ?? (b ?? c)\n"),
        // A multi-line block comment at the end of a line, then code on its last line.
        ("tip T {\n    title \"t\" /* one\n  two */ rule a\n}", "tip T {\n    title \"t\" /* one\n  two */\n    rule a\n}\n"),
        // Exactly 100 columns stays on one line; 101 wraps.
        ("enum E { " + Self.names(total: 100) + " }", "enum E { " + Self.names(total: 100) + " }\n"),
        ("enum E { " + Self.names(total: 101) + " }",
         "enum E {\n" + Self.names(total: 101).split(separator: ",").map { "    \($0.trimmingPrefix(" ")),\n" }.joined() + "}\n"),
        // `when` conditions on a message and an action stay on their line.
        ("tip T{message \"m\"  when platform==macOS&&!isPro\naction \"a\" when(platform != .watchOS){title \"A\"}}",
         "tip T {\n    message \"m\" when platform == macOS && !isPro\n    action \"a\" when (platform != .watchOS) {\n        title \"A\"\n    }\n}\n"),
        // Several messages and images, with and without `when`, keep their order and line.
        ("tip T(s:String){message \"a\"  when platform==macOS\nmessage \"b\"\nimage asset \"H\"when isPro\nimage symbol \"\\(s)\"}",
         "tip T(s: String) {\n    message \"a\" when platform == macOS\n    message \"b\"\n    image asset \"H\" when isPro\n"
         + "    image \"\\(s)\"\n}\n"),
        // A nested action block indents twice and keeps a blank line between effects.
        ("tip T{action \"a\"{set x=1\n\n\n donate e(a:1,)}}",
         "tip T {\n    action \"a\" {\n        set x = 1\n\n        donate e(a: 1)\n    }\n}\n"),
        // Persistence keys: after the default, before renamedFrom; among event clauses as written.
        ("param   a: Bool=false   renamedFrom b key   \"com.a\"", "param a: Bool = false key \"com.a\" renamedFrom b\n"),
        ("event e(x: Int)  limit 5 key \"com.e\"   maxAge 3d", "event e(x: Int) limit 5 key \"com.e\" maxAge 3d\n"),
        // Image kinds: `image symbol` is the plain form; `image asset` stays.
        ("tip T { image   asset   \"Hero\" }", "tip T {\n    image asset \"Hero\"\n}\n"),
        ("tip T { image symbol \"star\" }", "tip T {\n    image \"star\"\n}\n"),
    ]

    /// Case names `aaaa, bbbb, ...` so that `enum E { names }` is `total` columns long.
    static func names(total: Int) -> String {
        // "enum E { " + names + " }" = 11 columns around the names.
        var parts: [String] = []
        var length = -2
        var letter = UInt8(ascii: "a")
        while length + 2 + 4 <= total - 11 {
            parts.append(String(repeating: String(UnicodeScalar(letter)), count: 4))
            length += 6
            letter += 1
        }
        let missing = total - 11 - length
        if missing > 0, let last = parts.popLast() { parts.append(last + String(repeating: "z", count: missing)) }
        return parts.joined(separator: ", ")
    }

    @Test func casesFormatAsExpected() throws {
        for (input, expected) in Self.cases {
            let output = try FormatterHarness.checkProperties(of: input)
            #expect(output == expected, "input: \(input.debugDescription)")
        }
    }
}
