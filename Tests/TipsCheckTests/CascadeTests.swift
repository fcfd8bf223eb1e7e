import Testing
import TipsCheck
import TipsSource

/// One mistake, one diagnostic: errors that only follow from another are not reported.
@Suite struct CascadeTests {
    static func codes(_ text: String) -> [String] {
        TestSupport.check(text).diagnostics.map(\.code)
    }

    @Test func misspeltTitleItemIsNotAlsoAMissingTitle() {
        let codes = Self.codes("event e\ntip T {\n    titel \"Save\"\n    rule count(e) >= 1\n}\n")
        #expect(codes.contains("E124"))
        #expect(!codes.contains("E401"))
    }

    @Test func aTipWithoutTitleAndWithoutSyntaxErrorsStillGetsE401() {
        #expect(Self.codes("event e\ntip T {\n    rule count(e) >= 1\n}\n") == ["E401"])
    }

    @Test func misspeltEventIsNotAlsoAnUnusedEvent() {
        let codes = Self.codes("event manualSave\ntip T {\n    title \"t\"\n    rule count(manualSav) >= 1\n}\n")
        #expect(codes == ["E201"])
    }

    @Test func misspeltParameterIsNotAlsoAnUnusedParameter() {
        let codes = Self.codes("param seenList: Bool = false\ntip T {\n    title \"t\"\n    rule seenLst\n}\n")
        #expect(codes == ["E202"])
    }

    @Test func unusedDeclarationsAreStillReportedWithoutUnknownNames() {
        let codes = Self.codes("param p: Bool = false\nevent e\nparam q: Bool = true\ntip T {\n    title \"t\"\n    rule p\n}\n")
        #expect(codes.sorted() == ["W122", "W123"])
    }

    @Test func misspeltLiteralSuggestsTheLiteral() {
        let result = TestSupport.check("param seen: Bool = flase\ntip T {\n    title \"t\"\n    rule seen\n}\n")
        #expect(result.diagnostics.map(\.code) == ["E202"])
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == "false")
    }
}
