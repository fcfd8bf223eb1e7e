import Foundation
import Testing
import TipsCompile
import TipsSource
@testable import TipsRuntime

/// A reusable tip's localized texts: the key and the `default:` are filled from the
/// instance's arguments by the runtime, and a translation found by the app's lookup gets
/// the same values by name (`\(name)` in the translation) from `TipContent.arguments`, so a
/// translated text never shows the placeholder to the user. `TipText.localized` keeps its
/// three values, so app code that switches over a `TipText` still compiles.
@Suite struct TranslatedArgumentTests {
    static let source = """
        param seen: Bool = true
        tip SaveTip(name: String, count: Int) {
            id "Save-\\(name)"
            title localized("save.title", default: "Save \\(name)")
            message localized("save.message", default: "\\(count) notes in \\(name)")
            rule seen
            action "later" { title localized("save.later.\\(name)", default: "Later") }
        }
        tip WelcomeTip {
            title localized("welcome.title", default: "Welcome")
            message localized("welcome.message", default: "Hello")
            rule seen
        }
        """

    static func store() throws -> TipStore {
        var sources = SourceSet()
        sources.add(path: "a.tips", text: source)
        let bytes = try #require(Compiler.compile(sources: sources).bytes)
        return try TipStore(bundle: bytes, clock: ManualClock())
    }

    enum Role: Sendable { case title, message, action }

    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var tip: TipKey
        var role: Role
        /// The translation the lookup finds for the text's key; nil: none.
        var translation: String?
        var shown: String
        var testDescription: String { label }
    }

    static let invoice = TipKey("SaveTip", arguments: ["name": "Invoice", "count": 3])

    static let rows: [Row] = [
        Row(label: "one argument", tip: invoice, role: .title, translation: "\\(name) sichern", shown: "Invoice sichern"),
        Row(label: "two arguments, in another order", tip: invoice, role: .message,
            translation: "\\(name): \\(count) Notizen", shown: "Invoice: 3 Notizen"),
        Row(label: "one argument twice", tip: invoice, role: .message,
            translation: "\\(count) Notizen, \\(count) Mal", shown: "3 Notizen, 3 Mal"),
        Row(label: "a key filled from the arguments finds this instance's translation", tip: invoice, role: .action,
            translation: "Später (\\(name))", shown: "Später (Invoice)"),
        Row(label: "an argument the translation leaves out is not shown", tip: invoice, role: .title,
            translation: "Sichern", shown: "Sichern"),
        Row(label: "a placeholder the tip does not have stays as written", tip: invoice, role: .message,
            translation: "\\(count) Notizen in \\(nmae)", shown: "3 Notizen in \\(nmae)"),
        Row(label: "a value holding \\(other) is not expanded again",
            tip: TipKey("SaveTip", arguments: ["name": "\\(count)", "count": 3]), role: .message,
            translation: "\\(name): \\(count)", shown: "\\(count): 3"),
        Row(label: "a value holding its own placeholder", tip: TipKey("SaveTip", arguments: ["name": "\\(name)", "count": 3]),
            role: .title, translation: "\\(name) sichern", shown: "\\(name) sichern"),
        Row(label: "without a translation: the filled default", tip: invoice, role: .message,
            translation: nil, shown: "3 notes in Invoice"),
        Row(label: "a plain tip has no arguments to fill", tip: TipKey("WelcomeTip"), role: .title,
            translation: "Willkommen, \\(name)", shown: "Willkommen, \\(name)"),
        Row(label: "a plain tip's translation as it is", tip: TipKey("WelcomeTip"), role: .message,
            translation: "Hallo", shown: "Hallo"),
    ]

    @Test(arguments: rows)
    func translationsGetTheInstancesArguments(_ row: Row) throws {
        let content = try Self.store().content(of: row.tip)
        let text: TipText? = switch row.role {
        case .title: content.title
        case .message: content.message
        case .action: content.actions.first?.title
        }
        let resolvedText = try #require(text)
        guard case .localized(let key, _, _) = resolvedText else {
            Issue.record("\(resolvedText) is not localized")
            return
        }
        let lookup: (String, String?) -> String? = { k, _ in k == key ? row.translation : nil }
        #expect(content.resolved(resolvedText, lookup) == row.shown)
        #expect(resolvedText.resolved(lookup, arguments: content.arguments) == row.shown)
    }

    @Test(arguments: [
        (invoice, ["name": "Invoice", "count": "3"]),
        (TipKey("SaveTip", arguments: ["name": "\\(count)", "count": -1]), ["name": "\\(count)", "count": "-1"]),
        (TipKey("WelcomeTip"), [:]),
    ] as [(TipKey, [String: String])])
    func contentCarriesTheArgumentsByName(_ row: (TipKey, [String: String])) throws {
        #expect(try Self.store().content(of: row.0).arguments == row.1)
    }

    /// The case keeps three values; without the content's arguments a translation is shown
    /// as found (what `resolved(_:)` always did), the default filled by the runtime.
    @Test func theCaseKeepsItsShape() throws {
        let content = try Self.store().content(of: Self.invoice)
        #expect(content.title == .localized(key: "save.title", table: nil, fallback: "Save Invoice"))
        #expect(content.title.resolved { _, _ in "\\(name) sichern" } == "\\(name) sichern")
        #expect(content.title.resolved { _, _ in nil } == "Save Invoice")
        #expect(content.title.fallbackText == "Save Invoice")
    }
}
