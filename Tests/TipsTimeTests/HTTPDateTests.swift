import Testing
import TipsTime

/// `HTTPDate.parse`: the three forms RFC 9110 makes recipients accept, and nothing else.
struct HTTPDateTests {
    static let example = ISO8601.parse("1994-11-06T08:49:37Z")!

    @Test("RFC 9110's example in all three forms", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
        "  Sun, 06 Nov 1994 08:49:37 GMT\t",
    ])
    func theThreeForms(_ text: String) {
        #expect(HTTPDate.parse(text) == Self.example)
    }

    @Test("two-digit years and the end of February")
    func calendar() {
        #expect(HTTPDate.parse("Tuesday, 29-Feb-28 00:00:00 GMT") == ISO8601.parse("2028-02-29T00:00:00Z"))
        #expect(HTTPDate.parse("Thursday, 01-Jan-70 00:00:00 GMT") == 0)
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT") == ISO8601.parse("2024-02-29T23:59:59Z"))
    }

    @Test("anything else is no date", arguments: [
        "", "120", "-5", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 31 Feb 2023 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Xyz 1994 08:49:37 GMT", "Sunday, 06 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov +994 08:49:37 GMT", "Sun Nov 06 08:49:37 94",
        "Funday, 06-Nov-94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 GMT extra", "Sun,",
    ])
    func garbage(_ text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
