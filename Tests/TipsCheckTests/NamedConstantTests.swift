import Testing
import TipsCheck
import TipsSource
import TipsSyntax

/// `let` constants: usable wherever their value could be written, in any order and file,
/// folded away before compilation; mistakes reported once.
@Suite struct NamedConstantTests {
    static let declarations = """
        param hasSeenList: Bool = false
        param price: Double = 0
        event manualSave
        event viewed(price: Double)
        """

    static func check(_ files: [(String, String)]) -> CheckResult {
        TestSupport.check([("base.tips", declarations)] + files)
    }

    static func codes(_ text: String) -> [String] {
        check([("case.tips", text)]).diagnostics.map(\.code)
    }

    @Test func constantsWorkWhereverTheirValueCouldBeWritten() {
        let result = Self.check([
            ("tips.tips", """
                tip ShortcutTip {
                    title "Save Faster"
                    rule hasSeenList && count(manualSave within recentWindow) >= saves && price < maxPrice
                    rule count(viewed where minPrice < price within longWindow) >= 1
                    invalidate when viewed where price >= maxPrice
                    maxDisplayCount saves
                    maxDisplayDuration recentWindow
                }
                """),
            // Declared after use, in another file, and in terms of each other.
            ("constants.tips", """
                let longWindow = recentWindow * 2
                let recentWindow: Duration = 7d
                let saves = 3
                let minPrice: Double = 9
                let maxPrice = minPrice * 10.0
                config {
                    donationMaxAge longWindow
                }
                """),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let byName = Dictionary(uniqueKeysWithValues: result.model.constants.map { ($0.name, $0) })
        #expect(byName["longWindow"]?.value == .duration(14 * 86_400_000))
        #expect(byName["minPrice"]?.type == .double)
        #expect(byName["minPrice"]?.value == .double(9))
        #expect(byName["maxPrice"]?.value == .double(90))
        let tip = result.model.tips[0]
        #expect(tip.options.maxDisplayCount == 3)
        #expect(tip.options.maxDisplayDuration == Int64(7 * 86_400_000))
        #expect(result.model.configuration.donationMaxAge == Int64(14 * 86_400_000))
    }

    /// Sources with a mistake about constants (checked after ``declarations``): the codes, once each.
    static let mistakeCases: [(String, [String])] = [
        // A cycle is one error, at the use that closes it.
        ("let a = b\nlet b = a + 1\ntip T { title \"T\" rule hasSeenList && a > 1 }", ["E421"]),
        ("let self1 = self1\ntip T { title \"T\" rule hasSeenList }", ["E421"]),
        // Parameters, now and queries are not constants.
        ("let p = price\ntip T { title \"T\" rule price > p }", ["E305"]),
        ("let c = count(manualSave)\ntip T { title \"T\" rule hasSeenList }", ["E305"]),
        ("let n: Int = 2.5\ntip T { title \"T\" rule hasSeenList }", ["E302"]),
        // One namespace with the other declarations.
        ("let hasSeenList = true\ntip T { title \"T\" rule hasSeenList }", ["E200"]),
        // A constant is not a parameter: it cannot be set.
        ("let limit = 3\ntip T { title \"T\" rule count(manualSave) < limit action \"a\" { title \"A\" set limit = 4 } }", ["E211"]),
        // A broken constant stays silent where it is used.
        ("let broken = price\ntip T { title \"T\" rule count(manualSave) < broken }", ["E305"]),
        ("let saves = 3\ntip T { title \"T\" rule count(manualSave) >= savse }", ["E202"]),
        ("let unused = 3\ntip T { title \"T\" rule hasSeenList }", ["W124"]),
        ("let used = 3\nlet alsoUsed = used\ntip T { title \"T\" rule count(manualSave) >= alsoUsed }", []),
    ]

    @Test(arguments: mistakeCases)
    func mistakesAreReportedOnce(_ source: String, _ expected: [String]) {
        let codes = Self.codes(source).filter { !["W122", "W123"].contains($0) }
        #expect(codes == expected, "\(Self.check([("case.tips", source)]).diagnostics.map { "\($0.code) \($0.message)" })")
    }

    @Test func aMisspeltUseSuggestsTheConstant() {
        let d = Self.check([("c.tips", "let saves = 3\ntip T { title \"T\" rule count(manualSave) >= savse }")]).diagnostics
        #expect(d.first?.fixIts.first?.edits.first?.replacement == "saves")
    }

    @Test func theFormatterKeepsConstantsOnOneLine() {
        var sources = SourceSet()
        let id = sources.add(path: "f.tips", text: "let   window :Duration=7d*2\nlet saves=3\n")
        let parsed = Parser.parse(sources[id])
        #expect(Formatter.format(parsed.tree, source: sources[id]) == "let window: Duration = 7d * 2\nlet saves = 3\n")
    }
}

/// Lints that compare thresholds look through constants, so naming a value does not hide
/// the mistake it makes.
@Suite struct ConstantAwareLintTests {
    @Test(arguments: [
        ("let few = 30s\nparam x: Bool = false\ntip T { title \"T\" rule x maxDisplayDuration few }", "W130"),
        ("let many = 500\nparam x: Bool = false\ntip T { title \"T\" rule x maxDisplayCount many }", "W131"),
        ("let three = 3\nevent e\ntip T { title \"T\" rule count(e within 7d) == three }", "W111"),
        ("let month = 30d\nevent e maxAge 7d\ntip T { title \"T\" rule count(e within month) >= 1 }", "W120"),
        ("let lots = 2000\nparam x: Bool = false\nevent e\ntip T { title \"T\" rule x || count(e) >= lots }", "W114"),
    ])
    func thresholdLintsSeeThroughConstants(_ source: String, _ code: String) {
        let codes = TestSupport.check(source).diagnostics.map(\.code)
        #expect(codes.contains(code), "\(codes)")
        #expect(!codes.contains { $0.hasPrefix("E") }, "\(codes)")
    }
}
