import Testing
import TipsText

@Suite struct JSONTests {
    @Test(arguments: [
        "null", "true", "false", "0", "-12", "3.5", "\"a\\\"b\\\\c\\n\"", "[]", "[1,[2,[3]]]",
        "{\"a\":1,\"b\":[true,null],\"c\":{\"d\":\"é😀\"}}",
    ])
    func roundTrips(text: String) throws {
        let value = try JSON.parse(text)
        #expect(try JSON.parse(value.rendered()) == value)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSON.parse("\"\\u00e9\\ud83d\\ude00\\t\"") == .string("é😀\t"))
        #expect(try JSON.parse("\"\\ud83d\"") == .string("\u{FFFD}"))
        #expect(JSON.string("a\u{1}b").rendered() == "\"a\\u0001b\"")
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"abc", "\"\u{1}\"", "1 2", "\"\\x\"", "1e999"])
    func rejectsMalformed(text: String) {
        #expect(throws: JSON.ParseError.self) { try JSON.parse(text) }
    }

    @Test func rejectsHostileNesting() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(deep) }
    }

    @Test func integersKeepEveryDigitAndCompareWithDoubles() throws {
        #expect(try JSON.parse("9223372036854775807") == .int(Int.max))
        #expect(try JSON.parse("9223372036854775807").rendered() == "9223372036854775807")
        // Past Int, a number still reads (as a Double) rather than failing.
        #expect(try JSON.parse("92233720368547758070").number == 92233720368547758070.0)
        #expect(try JSON.parse("2.0") == JSON.int(2))
        #expect(try JSON.parse("2.0").int == 2)
        #expect(try JSON.parse("2.5").int == nil)
        #expect(Set<JSON>([.int(3), .double(3)]).count == 1)
        #expect(try JSON.parse("-0") == .int(0))
    }
}

@Suite struct JSONWriterTests {

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
