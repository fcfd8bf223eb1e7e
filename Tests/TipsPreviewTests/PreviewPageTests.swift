import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TipsPreview
import TipsTestSupport

/// The page as a browser and a reader get it, parsed back: one card per tip, locale, width,
/// text size, scheme and presentation, each showing what TipsUI's card model and the
/// runtime decide for that setting.
@Suite struct PreviewPageTests {
    /// One card, picked by its setting, and what it must show.
    struct Row: CustomStringConvertible, Sendable {
        var tip: String
        var locale: String
        var width: String
        var size: String = "large"
        var presentation: String = "popover"
        var scheme: String = "light"
        var title: String
        /// nil: no message element.
        var message: String?
        var actions: [String]
        var axis: String? = "horizontal"
        var placement: String = "leading"
        /// `symbol`, `asset` (a data URL), or `asset-placeholder`.
        var image: String
        var description: String { "\(tip) \(locale) \(width) \(size) \(presentation) \(scheme)" }
    }

    static let rows: [Row] = [
        Row(tip: "SaveRecipeTip", locale: "en", width: "iPhone", title: "Save This Recipe",
            message: "Tap the bookmark to find it again in your cookbook.", actions: ["Save to Cookbook", "Later"], image: "symbol"),
        Row(tip: "SaveRecipeTip", locale: "de", width: "iPhone", presentation: "inline", scheme: "dark", title: "Dieses Rezept speichern",
            message: "Tippe auf das Lesezeichen, um es in deinem Kochbuch wiederzufinden.",
            actions: ["In meinem Kochbuch speichern", "Später"], image: "symbol"),
        // The accessibility size: the image above the text, the actions in a column.
        Row(tip: "SaveRecipeTip", locale: "ja", width: "iPad", size: "accessibility5", title: "このレシピを保存",
            message: "ブックマークをタップすると、料理帳でまた見つけられます。", actions: ["料理帳に保存", "あとで"], axis: "vertical",
            placement: "above", image: "symbol"),
        // `when platform != macOS`: the message shows on iPhone, not on the Mac.
        Row(tip: "TimerTip", locale: "de", width: "iPhone", title: "Mit Timern kochen",
            message: "Tippe in einem Schritt auf eine Zeit, um einen Timer zu starten.", actions: [], axis: nil, image: "asset"),
        Row(tip: "TimerTip", locale: "en", width: "Mac", presentation: "inline", title: "Cook With Timers", message: nil, actions: [],
            axis: nil, image: "asset"),
        // A reusable tip's String argument as its placeholder, in the translation's order.
        Row(tip: "ShoppingListTip", locale: "ja", width: "iPhone", title: "‹recipeName›の買い物",
            message: "Add every ingredient to your shopping list at once.", actions: [], axis: nil, image: "symbol"),
    ]

    static let page: Result<String, PreviewFixture.Problem> = {
        do { return .success(PreviewPage.html([try PreviewFixture.recipePreview()])) } catch {
            return .failure(PreviewFixture.Problem(text: "\(error)"))
        }
    }()

    @Test(arguments: rows) func cardShowsItsSetting(_ row: Row) throws {
        let document = try PreviewFixture.parse(try Self.page.get())
        let cards = try PreviewFixture.nodes(document, "//div[@data-tip='\(row.tip)' and @data-locale='\(row.locale)' and "
            + "@data-width='\(row.width)' and @data-size='\(row.size)' and @data-presentation='\(row.presentation)' and @data-scheme='\(row.scheme)']")
        try #require(cards.count == 1, "\(cards.count) cards for \(row)")
        let card = cards[0]
        #expect(card.classes.contains("card") && card.classes.contains(row.presentation))
        #expect(card.value("lang") == row.locale)
        #expect(try PreviewFixture.nodes(card, ".//p[@data-role='title']").map(\.stringValue) == [row.title])
        #expect(try PreviewFixture.nodes(card, ".//p[@data-role='message']").map(\.stringValue) == (row.message.map { [$0] } ?? []))
        let buttons = try PreviewFixture.nodes(card, ".//button[starts-with(@data-role, 'action:')]")
        #expect(buttons.map(\.stringValue) == row.actions)
        #expect(try PreviewFixture.nodes(card, ".//button[@data-role='close']").map { $0.value("aria-label") } == ["Close"])
        #expect(try PreviewFixture.nodes(card, ".//div[contains(@class, 'actions')]").first?.classes.last == row.axis)
        #expect(try PreviewFixture.nodes(card, "./div[contains(@class, 'body')]").first?.classes.contains(row.placement) == true)
        let images = try PreviewFixture.nodes(card, ".//*[@data-role='image']")
        try #require(images.count == 1)
        switch row.image {
        case "asset": #expect(images[0].name == "img" && images[0].value("src")?.hasPrefix("data:image/png;base64,iVBORw0KGgo") == true)
        default: #expect(images[0].classes.contains("placeholder") && images[0].classes.contains(row.image == "symbol" ? "symbol" : "asset"))
        }
        // Line budgets only at the default size, where the page clamps.
        #expect(card.classes.contains("clamp") == (row.size == "large"))
        #expect(row.popoverArrow(card))
    }

    /// Every tip × locale × width × text size × scheme × presentation, and nothing else.
    @Test func everySettingOnce() throws {
        let document = try PreviewFixture.parse(try Self.page.get())
        let cards = try PreviewFixture.nodes(document, "//div[contains(concat(' ', @class, ' '), ' card ')]")
        // iPhone and iPad: 2 sizes × 2 schemes × 2 presentations; the Mac one size.
        #expect(cards.count == 3 * 3 * (8 + 8 + 4))
        let settings = cards.map { c in ["tip", "locale", "width", "size", "scheme", "presentation"].map { c.value("data-" + $0) ?? "" } }
        #expect(Set(settings.map { $0.joined(separator: "/") }).count == cards.count)
        #expect(Set(settings.map { $0[1] }) == ["en", "de", "ja"])
        #expect(Set(settings.filter { $0[2] == "Mac" }.map { $0[3] }) == ["large"])
        // Self-contained: no script, nothing fetched.
        #expect(try PreviewFixture.nodes(document, "//script").isEmpty)
        let links = try document.nodes(forXPath: "//@src | //@href").compactMap(\.stringValue)
        #expect(links.allSatisfy { $0.hasPrefix("data:") || $0.hasPrefix("#") }, "\(links)")
        #expect(try PreviewFixture.nodes(document, "//style").count == 1)
    }

    /// Texts that are markup in HTML come back as the author wrote them.
    @Test(arguments: ["<b>Bold</b> & \"quoted\" 'single'", "a < b > c", "Tab\there", "]]> <!-- no -->"])
    func textIsEscaped(_ title: String) throws {
        let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\t", with: "\\t")
        let folder = try PreviewFixture.folder(["a.tips": "tip T {\n    title \"\(escaped)\"\n    image \"star\"\n}\n"])
        let build = try PreviewFixture.build(folder, options: .init(widths: [PreviewSetting.widths[0]]))
        let document = try PreviewFixture.parse(PreviewPage.html(build.previews, title: title))
        let titles = try PreviewFixture.nodes(document, "//p[@data-role='title']").map(\.stringValue)
        #expect(titles.count == 8 && titles.allSatisfy { $0 == title })
        #expect(try PreviewFixture.nodes(document, "//title").map(\.stringValue) == [title])
        #expect(try PreviewFixture.nodes(document, "//div[@data-role='image']").first?.value("title") == "star")
    }

    /// The whole page of a one-tip catalog at iPhone width, as written.
    @Test func golden() throws {
        let folder = try PreviewFixture.folder(["a.tips": """
            tip ShortcutTip {
                title "Save Faster"
                message "Press ⌘S to save without leaving the keyboard."
                image "keyboard"
                action "learn" {
                    title "Learn More"
                }
            }

            """])
        let build = try PreviewFixture.build(folder, options: .init(widths: [PreviewSetting.widths[0]]))
        // The temporary folder's name differs per run: the golden names it `CATALOG`.
        let html = PreviewPage.html(build.previews).replacingOccurrences(of: build.previews[0].name, with: "CATALOG")
        expectGolden(html, "shortcut-iphone.html")
    }
}

extension PreviewPageTests.Row {
    /// A popover has its arrow; an inline card none.
    func popoverArrow(_ card: XMLElement) -> Bool {
        let arrows = (try? PreviewFixture.nodes(card, "./div[@class='arrow']").count) ?? -1
        return arrows == (presentation == "popover" ? 1 : 0)
    }
}
