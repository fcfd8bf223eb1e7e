import Testing
import TipsCheck
import TipsSource

/// The lints that used to fire on correct, common code (W110, W141, W105's fix-it) and the
/// id clash that used to pass (E404): what they report now, and what they leave alone.
@Suite struct LintRefinementTests {
    static func codes(_ text: String) -> [String] {
        TestSupport.check("param x: Bool = false\nevent e\nevent f\n" + text).diagnostics.map(\.code)
            .filter { $0 != "W122" && $0 != "W123" }
    }

    @Test(arguments: [
        // One tip anchored to a screen: normal TipKit practice.
        (#"tip A { title "A" } tip B { title "B" rule x }"#, 0),
        (#"tip A { title "A" } tip B { title "B" }"#, 2),
        // A group shows one member at a time; an ordered group's later members wait.
        (#"group G { A, B } tip A { title "A" } tip B { title "B" }"#, 0),
        (#"group G ordered { A, B } tip A { title "A" } tip B { title "B" } tip C { title "C" }"#, 2),
        // A display frequency spaces first displays out, unless the tips ignore it.
        (#"config { displayFrequency daily } tip A { title "A" } tip B { title "B" }"#, 0),
        (#"config { displayFrequency daily } tip A { title "A" ignoresDisplayFrequency } tip B { title "B" ignoresDisplayFrequency }"#, 2),
        (#"config { displayFrequency immediate } tip A { title "A" } tip B { title "B" }"#, 2),
        // Reusable tips appear when the app creates an instance.
        (#"tip A { title "A" } tip B(n: Int) { id "B-\(n)" title "B" }"#, 0),
    ])
    func noRulesWarnsOnlyWhenSeveralShowAtOnce(_ source: String, _ expected: Int) {
        #expect(Self.codes(source).filter { $0 == "W110" }.count == expected, "\(Self.codes(source))")
    }

    @Test(arguments: [
        // TipKit-style: members without rules end when closed.
        (#"group G ordered { A, B } tip A { title "A" } tip B { title "B" rule x }"#, 0),
        (#"group G ordered { A, B } tip A { title "A" rule x } tip B { title "B" }"#, 1),
        (#"group G ordered { A, B } tip A { title "A" rule x maxDisplayCount 1 } tip B { title "B" }"#, 1),
        (#"group G ordered { A, B } tip A { title "A" rule x invalidate when e } tip B { title "B" }"#, 0),
        // The last member blocks nothing.
        (#"group G ordered { B, A } tip A { title "A" rule x } tip B { title "B" }"#, 0),
    ])
    func orderedGroupWarnsOnlyForMembersThatMayNeverShow(_ source: String, _ expected: Int) {
        #expect(Self.codes(source).filter { $0 == "W141" }.count == expected, "\(Self.codes(source))")
    }

    @Test(arguments: [
        ("HeroBanner", "asset "),
        ("onboarding_hero", "asset "),
        ("Logo", "asset "),
        ("Heart Fill", "\"heart.fill\""),
        ("star-fill", "\"star.fill\""),
    ] as [(String, String?)])
    func imageNameFixItKeepsAssetNames(_ name: String, _ fixed: String?) {
        let result = TestSupport.check("param x: Bool = false\ntip A {\n    title \"A\"\n    image \"\(name)\"\n    rule x\n}\n")
        let w105 = result.diagnostics.filter { $0.code == "W105" }
        #expect(w105.count == 1)
        #expect(w105.first?.fixIts.first?.edits.first?.replacement == fixed)
        if fixed == "asset " {
            // The name is kept as written: the fix-it marks it an asset, which W105 leaves alone.
            #expect(w105.first?.notes.contains { $0.message.contains("asset-catalog") } == true)
            let asset = TestSupport.check("param x: Bool = false\ntip A {\n    title \"A\"\n    image asset \"\(name)\"\n    rule x\n}\n")
            #expect(asset.diagnostics.isEmpty, "\(asset.diagnostics.map(\.message))")
        }
    }

    @Test(arguments: [
        (#"id "reset""#, #"id "\(item)""#, "item: String", true),
        (#"id "a-b""#, #"id "a-\(p)""#, "p: String", true),
        (#"id "item-new""#, #"id "item-\(n)""#, "n: Int", false),
        (#"id "item-42""#, #"id "item-\(n)""#, "n: Int", true),
        (#"id "item--7""#, #"id "item-\(n)""#, "n: Int", true),
        (#"id "true""#, #"id "\(flag)""#, "flag: Bool", true),
        (#"id "T-pdf""#, #"id "T-\(kind)""#, "kind: Kind", true),
        (#"id "T-doc""#, #"id "T-\(kind)""#, "kind: Kind", false),
        (#"id "x-\(a)-y""#, #"id "x-\(b)""#, "b: String", true),
    ])
    func idsThatCanSpellTheSameTextClash(_ first: String, _ second: String, _ argument: String, _ clash: Bool) {
        let name = argument.split(separator: ":")[0]
        let source = """
            enum Kind { pdf, link }
            param x: Bool = false
            tip A(a: String) {
                \(first) // lint-ignore W146
                title "A \\(a)"
                rule x
            }
            tip B(\(argument)) {
                \(second)
                title "B \\(\(name))"
                rule x
            }
            """
        // Issue 20 item 7: ids that are the same text only for some values are a warning (W153)
        // with an example, never an error: TipKit accepts them and apps rely on it.
        let diagnostics = TestSupport.check(source).diagnostics
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        let warnings = diagnostics.filter { $0.code == "W153" }
        #expect(warnings.count == (clash ? 1 : 0), "\(diagnostics.map(\.message))")
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.notes.contains { $0.message.hasPrefix("for example, both ids are '") } })
    }
}
