import Testing
import TipsCheck
import TipsSource
import TipsSyntax

/// `Checker.check(_:parsed:)` (what the language server calls with files it parsed before)
/// says exactly what `Checker.check(_:)` says.
@Suite struct CheckerParsedTests {
    @Test(arguments: [
        ["param a: Int = 1\nevent e\ntip T {\n    title \"t\"\n    rule a > count(e)\n}\n"],
        ["param a: Int = 1\n", "tip T {\n    title \"t\"\n    rule b > 2\n}\n", "tip {"],
        ["enum E { x }\nparam p: E = .y\nparam p: Int = 0\n"],
    ])
    func sameDiagnosticsAsParsingInside(texts: [String]) {
        var sources = SourceSet()
        for (i, text) in texts.enumerated() { sources.add(path: "f\(i).tips", text: text) }
        let parsed = sources.files.map(Parser.parse)
        let direct = Checker.check(sources)
        let reused = Checker.check(sources, parsed: parsed)
        #expect(reused.diagnostics == direct.diagnostics)
        #expect(!direct.diagnostics.isEmpty || texts.count == 1)
    }

    @Test func aMismatchedListIsParsedAgain() {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: "param a: Nope = 1\n")
        #expect(Checker.check(sources, parsed: []).diagnostics == Checker.check(sources).diagnostics)
    }
}
