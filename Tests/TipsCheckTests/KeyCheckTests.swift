import Testing
import TipsCheck
import TipsSource

/// `key "..."` on parameters and events, and `image asset` in the checker.
@Suite struct KeyCheckTests {
    @Test func validKeysReachTheModel() {
        let result = TestSupport.check("""
            param isLoggedIn: Bool = false key "com.quill.loggedIn"
            param plain: Int = 0
            event noteSaved(words: Int) key "com.quill.noteSaved" limit 50
            event opened limit 5 key "opened.v2" renamedFrom appOpened
            """)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.model.parameters.map(\.key) == ["com.quill.loggedIn", nil])
        #expect(result.model.parameters.map(\.persistedName) == ["com.quill.loggedIn", "plain"])
        #expect(result.model.events.map(\.key) == ["com.quill.noteSaved", "opened.v2"])
        #expect(result.model.events[0].limit == 50)
        #expect(result.model.events[1].renamedFrom == "appOpened")
    }

    /// Sources with a mistake in a key: the code and the exact message.
    static let invalidKeyCases: [(String, String, String)] = [
        // Two declarations of a kind stored under one name.
        ("event a key \"k\"\nevent b key \"k\"", "E430", "event 'b' is stored under \"k\", as event 'a' is"),
        ("param a: Bool = false\nparam b: Bool = false key \"a\"", "E430", "parameter 'b' is stored under \"a\", as parameter 'a' is"),
        ("param a: Bool = false key \"x\"\nparam b: Int = 0 key \"x\"", "E430", "parameter 'b' is stored under \"x\", as parameter 'a' is"),
        // Format.
        ("event a key \"\"", "E431", "the persistence key of event 'a' is empty"),
        ("event a key \"com.x y\"", "E431", "the persistence key of event 'a' contains a space"),
        ("event a key \"com.x\\ty\"", "E431", "the persistence key of event 'a' contains U+9"),
        ("event a key \"\(String(repeating: "k", count: 201))\"", "E431",
         "the persistence key of event 'a' is 201 bytes long; at most 200 are allowed"),
        ("transient param t: Bool = false key \"t\"", "E431",
         "transient parameter 't' is never read back from the journal, so it takes no persistence key"),
        ("transient param t: Bool = false\nparam p: Bool = false key \"t\"", "E430", "parameter 'p' is stored under \"t\", as parameter 't' is"),
        ("tip T(a: String) { id \"T-\\(a)\" title \"x\" }\nevent e key \"k\\(a)\"", "E419", "a persistence key cannot interpolate arguments"),
        // Clauses.
        ("event a key \"x\" key \"y\"", "E128", "'key' is given twice for event 'a'"),
        ("param a: Bool = false key \"x\" key \"y\"", "E128", "'key' is given twice for parameter 'a'"),
        ("param a: Bool = false key com", "E122", "expected the persistence key string after 'key', as in 'key \"com.example.app.name\"', found 'com'"),
        // A rename from what another declaration is stored under: that one keeps its state.
        ("event a key \"old\"\nevent b renamedFrom old", "E422", "event 'a' is stored under \"old\", so nothing can be renamed from it"),
    ]

    @Test(arguments: invalidKeyCases)
    func invalidKeys(source: String, code: String, message: String) {
        let result = TestSupport.check(source)
        let found = result.diagnostics.filter { $0.code == code }
        #expect(found.map(\.message) == [message], "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
    }

    @Test func duplicateKeysPointAtBothDeclarations() {
        let text = "event a key \"k\"\nevent b key \"k\""
        let result = TestSupport.check(text)
        let d = result.diagnostics.first { $0.code == "E430" }
        let second = text.utf8.count - 3, first = 12
        #expect(d.map { Int($0.range.start) } == second)
        #expect(d?.notes.first?.range.map { Int($0.start) } == first)
    }

    @Test func parametersAndEventsHaveSeparateKeySpaces() {
        // A parameter's values and an event's donations live apart in the journal.
        let result = TestSupport.check("param p: Bool = false key \"same\"\nevent e key \"same\"")
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func renamingTheNameWhileTheKeyStaysIsNoRename() {
        // The new name with the old key: nothing to declare, so no E422 either.
        let result = TestSupport.check("event noteStored key \"com.quill.noteSaved\"\ntip T { title \"T\" rule count(noteStored) > 0 }")
        #expect(result.diagnostics.filter { $0.code.hasPrefix("E") }.isEmpty, "\(result.diagnostics.map(\.message))")
    }

    @Test func assetImagesAreMarked() {
        let result = TestSupport.check("""
            tip A { title "A" image asset "Onboarding/Hero" }
            tip B { title "B" image symbol "star.fill" }
            tip C { title "C" image "star" }
            """)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.model.tips.map(\.image) == ["Onboarding/Hero", "star.fill", "star"])
        #expect(result.model.tips.map(\.imageIsAsset) == [true, false, false])
    }

    /// Several images are alternatives, whatever their kind: two fallbacks are E437.
    @Test func twoImagesAreReportedWhateverTheirKind() {
        let result = TestSupport.check("tip A { title \"A\" image \"star\" image asset \"Hero\" }")
        #expect(result.diagnostics.contains { $0.code == "E437" && $0.message.contains("image") && $0.severity == .error },
                "\(result.diagnostics.map(\.message))")
        let chosen = TestSupport.check("tip A { title \"A\" image asset \"Hero\" when platform == visionOS image \"star\" }")
        #expect(chosen.diagnostics.filter { $0.severity == .error }.isEmpty, "\(chosen.diagnostics.map(\.message))")
        #expect(chosen.model.tips[0].images.map(\.isAsset) == [true, false])
    }

    @Test func tipKitAssetImageKeepsItsMeaning() {
        let result = TestSupport.check("tip A { title \"A\" image Image(\"Hero\") }")
        #expect(result.diagnostics.first?.code == "E122")
        #expect(result.diagnostics.first?.fixIts.first?.edits.first?.replacement == "asset \"Hero\"")
        #expect(result.model.tips.first?.imageIsAsset == true)
        #expect(result.model.tips.first?.image == "Hero")
    }
}
