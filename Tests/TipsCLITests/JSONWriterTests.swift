import Testing
import TipsSource

@Suite struct JSONWriterTests {
    typealias JSON = DiagnosticRenderer.JSON

    @Test func keysKeepTheirOrder() {
        let value = JSON.object([("z", .int(1)), ("a", .null), ("m", .array([.bool(true), .bool(false)]))])
        #expect(value.rendered() == #"{"z":1,"a":null,"m":[true,false]}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\", #""quote \" and \\""#),
        ("line\nbreak\ttab\rcr", #""line\nbreak\ttab\rcr""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
        ("\u{8}\u{C}", #""\b\f""#),
        ("sep\u{2028}", #""sep\u2028""#),
        ("⌘ 🚀 é", "\"⌘ 🚀 é\""),
    ])
    func stringEscaping(input: String, expected: String) {
        #expect(JSON.string(input).rendered() == expected)
    }

    @Test func numbers() {
        #expect(JSON.double(1.5).rendered() == "1.5")
        #expect(JSON.double(42).rendered() == "42")
        #expect(JSON.double(.nan).rendered() == "null")
        #expect(JSON.double(-.infinity).rendered() == "null")
        #expect(JSON.int(-7).rendered() == "-7")
    }

    @Test func prettyPrinting() {
        let value = JSON.object([("a", .array([])), ("b", .object([])), ("c", .array([.int(1)]))])
        #expect(value.rendered(pretty: true) == "{\n  \"a\": [],\n  \"b\": {},\n  \"c\": [\n    1\n  ]\n}")
    }
}
