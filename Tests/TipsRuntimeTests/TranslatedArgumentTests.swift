import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// A reusable tip's localized texts: the key and the `default:` are filled from the
/// instance's arguments by the runtime, and a translation found by the app's lookup gets
/// the same values, by name (`\(name)` in the translation), so a translated text never
/// shows the placeholder to the user.
@Suite struct TranslatedArgumentTests {
    static let source = """
        param seen: Bool = true
        tip SaveTip(name: String, count: Int) {
            id "Save-\\(name)"
            title localized("save.title", default: "Save \\(name)")
            message localized("save.message", default: "\\(count) notes")
            rule seen
            action "later" { title localized("save.later.\\(name)", default: "Later") }
        }
        """

    @Test func translationsGetTheInstancesArguments() throws {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: Self.source)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        let store = try TipStore(bundle: bytes, clock: ManualClock())
        let content = try store.content(of: TipKey("SaveTip", arguments: ["name": "Invoice", "count": 3]))
        let german: [String: String] = [
            "save.title": "\\(name) sichern",
            "save.message": "\\(count) Notizen, \\(count) Mal; \\(nmae) bleibt stehen",
            "save.later.Invoice": "Später (\\(name))",
        ]
        let lookup: (String, String?) -> String? = { key, _ in german[key] }
        #expect(content.title.resolved(lookup) == "Invoice sichern")
        // A placeholder the tip does not fill stays as written (tipc strings check reports it).
        #expect(content.message?.resolved(lookup) == "3 Notizen, 3 Mal; \\(nmae) bleibt stehen")
        // The key itself was filled: the lookup is for this instance's key.
        #expect(content.actions.first?.title.resolved(lookup) == "Später (Invoice)")
        // Without a translation: the filled default, as before.
        #expect(content.title.resolved { _, _ in nil } == "Save Invoice")
        #expect(content.title.fallbackText == "Save Invoice")
    }

    @Test(arguments: [
        ("\\(a)", ["a": "1"], "1"),
        ("x\\(a)y\\(b)z", ["a": "1", "b": "2"], "x1y2z"),
        ("\\(a", ["a": "1"], "\\(a"),
        ("\\(c) \\(a)", ["a": "1"], "\\(c) 1"),
        ("\\(\\(a))", ["a": "1"], "\\(1)"),  // an unknown `\(...` is text; the `\(a)` inside it is filled
        ("no placeholders", ["a": "1"], "no placeholders"),
        ("\\()", ["": "empty"], "empty"),
    ])
    func filling(_ row: (String, [String: String], String)) {
        #expect(TipText.filling(row.0, row.1) == row.2)
    }
}
