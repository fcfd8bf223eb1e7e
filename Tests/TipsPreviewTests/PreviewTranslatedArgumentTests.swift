import Testing
import TipsCheck
import TipsDriver
import TipsPreview
import TipsSource
import TipsText

/// `tipc preview` shows a reusable tip's translation with the instance's (sample) arguments
/// filled in, as the runtime and TipsUI's cards do in the app, and `tipc strings check`
/// (here through the String Catalogs beside the catalog, as `tipc check` reads them) reports
/// E601 exactly for the translations whose placeholders are not the source's.
@Suite struct PreviewTranslatedArgumentTests {
    static let tips = """
        param seen: Bool = true
        tip CountTip(name: String, count: Int) {
            title localized("count.title", default: "\\(count) × \\(name)")
            rule seen
        }
        tip PlainTip {
            title localized("plain.title", default: "Hello")
            rule seen
        }
        """

    struct Row: Sendable, CustomTestStringConvertible {
        var label: String
        var tip: String
        var key: String
        var german: String
        /// The preview's German title: a string argument's sample is its `\(name)`, shown ‹name›.
        var shown: String
        var mismatch: Bool
        var testDescription: String { label }
    }

    static let rows: [Row] = [
        Row(label: "two arguments", tip: "CountTip", key: "count.title", german: "\\(count) × \\(name) (de)",
            shown: "1 × ‹name› (de)", mismatch: false),
        Row(label: "two arguments, in another order", tip: "CountTip", key: "count.title", german: "\\(name): \\(count)",
            shown: "‹name›: 1", mismatch: false),
        Row(label: "one argument left out", tip: "CountTip", key: "count.title", german: "\\(name)",
            shown: "‹name›", mismatch: true),
        Row(label: "an argument the tip does not have", tip: "CountTip", key: "count.title", german: "\\(count) \\(nmae)",
            shown: "1 ‹nmae›", mismatch: true),
        Row(label: "a plain tip", tip: "PlainTip", key: "plain.title", german: "Hallo", shown: "Hallo", mismatch: false),
        Row(label: "a plain tip given a placeholder", tip: "PlainTip", key: "plain.title", german: "Hallo \\(name)",
            shown: "Hallo ‹name›", mismatch: true),
    ]

    static func stringCatalog(key: String, german: String) -> String {
        let unit: JSON = .object(["stringUnit": .object(["state": "translated", "value": .string(german)])])
        return JSON.object([
            "sourceLanguage": "en",
            "strings": .object([key: JSON.object(["localizations": .object(["de": unit])])]),
            "version": "1.0",
        ]).rendered(pretty: true)
    }

    @Test(arguments: rows)
    func previewAndCheckAgree(_ row: Row) throws {
        let folder = try PreviewFixture.folder(["a.tips": Self.tips,
                                                "Localizable.xcstrings": Self.stringCatalog(key: row.key, german: row.german)])
        let preview = try PreviewFixture.build(folder, options: .init(locales: ["de"])).previews[0]
        let titles = Set(preview.cards.filter { $0.tip == row.tip && $0.locale == "de" }.map(\.title.text))
        #expect(titles == [row.shown])

        let checked = CheckedCatalog(try #require(CatalogLoader.load([folder]).catalogs.first))
        let files = StringCatalogFiles.beside(checked)
        let mismatches = files.diagnostics.filter { $0.code == "E601" }
        #expect(mismatches.count == (row.mismatch ? 1 : 0), "\(mismatches.map(\.message))")
    }
}
