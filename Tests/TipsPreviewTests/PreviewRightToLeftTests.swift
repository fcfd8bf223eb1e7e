import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TipsPreview
import TipsUI

/// The right-to-left test catalog (English, Hebrew, Arabic; Inputs/rtl-app): Hebrew and
/// Arabic cards are marked `dir="rtl"` with their `lang`, made with TipsUI's right-to-left
/// environment, and show the String Catalog's variation for the width's device and the
/// tip's count. scripts/check-preview.sh checks in Chromium that they are drawn mirrored.
@Suite struct PreviewRightToLeftTests {
    static let folder = PreviewFixture.inputs.appendingPathComponent("rtl-app").path

    static let preview: Result<CatalogPreview, PreviewFixture.Problem> = {
        do { return .success(try PreviewFixture.build(folder).previews[0]) } catch {
            return .failure(PreviewFixture.Problem(text: "\(error)"))
        }
    }()

    @Test func rendersTheRightToLeftLocales() throws {
        let preview = try Self.preview.get()
        #expect(preview.locales == ["en", "ar", "he"])
        #expect(preview.diagnostics.isEmpty)
    }

    /// Every card and locale block says its language and direction; the card model is the
    /// right-to-left one, as SwiftUI's environment would give it.
    @Test(arguments: [("en", "ltr"), ("he", "rtl"), ("ar", "rtl")])
    func cardsCarryLangAndDir(_ locale: String, _ dir: String) throws {
        let preview = try Self.preview.get()
        let document = try PreviewFixture.parse(PreviewPage.html([preview]))
        let blocks = try PreviewFixture.nodes(document, "//div[@class='locale' and @data-locale='\(locale)']")
        #expect(!blocks.isEmpty)
        #expect(blocks.allSatisfy { $0.value("lang") == locale && $0.value("dir") == dir })
        let cards = try PreviewFixture.nodes(document, "//div[contains(@class, 'card') and @data-locale='\(locale)']")
        // 2 tips × (iPhone 2 sizes + iPad 2 + Mac 1) × 2 schemes × 2 presentations.
        #expect(cards.count == 40)
        #expect(cards.allSatisfy { $0.value("lang") == locale && $0.value("dir") == dir })
        let direction: TipLayoutDirection = dir == "rtl" ? .rightToLeft : .leftToRight
        #expect(preview.cards.filter { $0.locale == locale }.allSatisfy { $0.card.environment.layoutDirection == direction })
    }

    struct Shown: Sendable, CustomStringConvertible {
        var tip: String
        var locale: String
        var width: String
        var role: String
        var text: String
        /// The line of the translation file the text came from (its variation's), 0: none.
        var line: Int
        var description: String { "\(tip) \(role) \(locale) \(width)" }
    }

    /// A device variation per width (the iPad's on the iPad), and the plural form of the
    /// sample count 1 (`one` in Hebrew and Arabic; English shows its `default:` text).
    @Test(arguments: [
        Shown(tip: "SyncTip", locale: "he", width: "iPad", role: "message",
              text: "הקישו על סנכרון כדי שהפתקים מה־iPad יהיו גם ב־iPhone וב־Mac.", line: 149),
        Shown(tip: "SyncTip", locale: "he", width: "iPhone", role: "message",
              text: "הקישו על סנכרון כדי שהפתקים יהיו בכל מכשיר.", line: 143),
        Shown(tip: "SyncTip", locale: "ar", width: "Mac", role: "message",
              text: "انقر على مزامنة لتبقى ملاحظاتك على كل أجهزتك.", line: 185),
        Shown(tip: "SyncTip", locale: "ar", width: "iPad", role: "message",
              text: "اضغط على مزامنة لتصل ملاحظات iPad إلى iPhone وMac أيضًا.", line: 0),
        Shown(tip: "SyncTip", locale: "en", width: "iPad", role: "message",
              text: "Tap Sync to keep your notes on every device.", line: 0),
        Shown(tip: "SavedNotesTip", locale: "he", width: "iPhone", role: "title", text: "פתק אחד נשמר", line: 0),
        Shown(tip: "SavedNotesTip", locale: "ar", width: "iPad", role: "title", text: "حُفظت ملاحظة واحدة", line: 0),
        Shown(tip: "SavedNotesTip", locale: "en", width: "iPhone", role: "title", text: "1 notes saved", line: 0),
    ])
    func showsTheVariationOfTheDeviceAndCount(_ shown: Shown) throws {
        let preview = try Self.preview.get()
        let cards = preview.cards.filter { $0.tip == shown.tip && $0.locale == shown.locale && $0.width.name == shown.width }
        try #require(!cards.isEmpty)
        for card in cards {
            let line = try #require(card.lines.first { $0.role == shown.role })
            #expect(line.text == shown.text, "\(shown)")
            if shown.line > 0, let range = line.translation {
                // The lints point at the variation shown, not at the entry.
                #expect(preview.sources[range.file].location(of: range.start).line == shown.line, "\(shown)")
            }
            #expect((line.translation == nil) == (shown.locale == "en"))
        }
    }

    /// The direction of a language tag: its language subtag, a script subtag first.
    @Test(arguments: [
        ("he", true), ("iw", true), ("ar", true), ("ar-EG", true), ("fa_IR", true), ("ur", true), ("ps", true), ("ckb", true),
        ("yi", true), ("dv", true), ("ug", true), ("pa-Arab", true), ("az-Arab-IR", true),
        ("en", false), ("de", false), ("ja", false), ("ku-Latn", false), ("sd-Deva", false), ("arn", false), ("", false),
    ] as [(String, Bool)])
    func directionOfALanguage(_ tag: String, _ rightToLeft: Bool) {
        #expect(TipLayoutDirection(language: tag) == (rightToLeft ? .rightToLeft : .leftToRight), "\(tag)")
    }
}
