import Testing
@testable import TipsSource

@Suite struct GitHubEscapingTests {
    @Test func messageEscapesPercentAndLineBreaksOnly() {
        #expect(DiagnosticRenderer.githubEscape("100%: a, b\r\nc", property: false) == "100%25: a, b%0D%0Ac")
    }

    @Test func propertiesAlsoEscapeColonAndComma() {
        #expect(DiagnosticRenderer.githubEscape("a:b,c%\n", property: true) == "a%3Ab%2Cc%25%0A")
    }

    @Test func multiLineRangesOmitColumns() {
        var sources = SourceSet()
        let file = sources.add(path: "a.tips", text: "tip T {\n}\n")
        let d = Diagnostic.warning("W101", "tip 'T' has no rule", at: SourceRange(file: file, start: 0, end: 9))
        #expect(DiagnosticRenderer.github([d], sources: sources)
                == "::warning file=a.tips,line=1,endLine=2,title=W101::tip 'T' has no rule\n")
    }
}
