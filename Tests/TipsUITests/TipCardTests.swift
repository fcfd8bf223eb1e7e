import Foundation
import Testing
import TipsRuntime
import TipsUI

/// The card as data: what every view draws and VoiceOver says, for each setting.
@Suite struct TipCardTests {
    static let learnMore = TipAction("learn-more")
    static let content = TipContent(tip: "FavoriteTip", id: "FavoriteTip", title: .plain("Favorite This Item"),
                                    message: .plain("Tap the heart to keep it at the top of your list."), image: "heart",
                                    actions: [TipActionContent(id: "learn-more", title: .plain("Learn More"))])

    @Test func standardCardShowsEverythingTheTipDeclares() {
        let card = TipCard(Self.content)
        #expect(card.title == "Favorite This Item")
        #expect(card.message == "Tap the heart to keep it at the top of your list.")
        #expect(card.image == TipCardImage(name: "heart", kind: .symbol, placement: .leading, size: 32))
        #expect(card.actions.map(\.action) == [Self.learnMore])
        #expect(card.actions.map(\.title) == ["Learn More"])
        #expect(card.closeButton?.role == .close)
        #expect(card.closeButton?.systemImage == "xmark")
        #expect(card.closeButton?.accessibilityLabel == "Close")
        #expect(card.actionsAxis == .horizontal)
        #expect(card.motion == .slideAndFade)
    }

    @Test func voiceOverReadsOneElementWithTheActionsAndClose() {
        let card = TipCard(Self.content)
        #expect(card.accessibilityLabel == "Tip: Favorite This Item. Tap the heart to keep it at the top of your list.")
        #expect(card.accessibilityActions.map(\.role) == [.action(Self.learnMore), .close])
        #expect(card.accessibilityActions.map(\.accessibilityLabel) == ["Learn More", "Close"])
        // Without a close button, VoiceOver can still close the tip.
        let bare = TipCard(Self.content, appearance: TipCardAppearance(showsCloseButton: false))
        #expect(bare.closeButton == nil)
        #expect(bare.accessibilityActions.last?.role == .close)
    }

    @Test(arguments: [
        ("Saved!", "Kept at the top.", "Tip: Saved! Kept at the top."),
        ("Favorite This Item", nil, "Tip: Favorite This Item"),
        ("Ready:", "Swipe left.", "Tip: Ready: Swipe left."),
        ("Title", "", "Tip: Title"),
    ] as [(String, String?, String)])
    func spokenTextPunctuatesOnce(_ title: String, _ message: String?, _ spoken: String) {
        let content = TipContent(tip: "T", id: "T", title: .plain(title), message: message.map { .plain($0) })
        #expect(TipCard(content).accessibilityLabel == spoken)
    }

    @Test(arguments: TipContentSize.allCases)
    func accessibilitySizesStackTheCard(_ size: TipContentSize) {
        let card = TipCard(Self.content, environment: TipCardEnvironment(contentSize: size))
        let roomy = size >= .accessibility1
        #expect(size.isAccessibilitySize == roomy)
        #expect(card.image?.placement == (roomy ? .above : .leading))
        #expect(card.actionsAxis == (roomy ? .vertical : .horizontal))
    }

    @Test func moreThanTwoActionsStack() {
        var content = Self.content
        content.actions = ["a", "b", "c"].map { TipActionContent(id: $0, title: .plain($0.uppercased())) }
        #expect(TipCard(content).actionsAxis == .vertical)
        content.actions.removeLast()
        #expect(TipCard(content).actionsAxis == .horizontal)
    }

    @Test func reduceMotionFades() {
        #expect(TipCard(Self.content, environment: TipCardEnvironment(reduceMotion: true)).motion == .fade)
        #expect(TipCard(Self.content, environment: TipCardEnvironment(reduceMotion: false)).motion == .slideAndFade)
    }

    @Test func rightToLeftAndDarkModeKeepTheContent() {
        let environment = TipCardEnvironment(layoutDirection: .rightToLeft, colorScheme: .dark)
        let card = TipCard(Self.content, environment: environment)
        #expect(card.environment == environment)
        // Only the drawing mirrors: the parts, their order and labels stay.
        var same = TipCard(Self.content)
        same.environment = environment
        #expect(card == same)
    }

    @Test func assetImagesAndHiddenImages() {
        var content = Self.content
        content.imageKind = .asset
        content.image = "Onboarding/Hero"
        #expect(TipCard(content).image?.kind == .asset)
        #expect(TipCard(content, appearance: TipCardAppearance(imageSize: 48)).image?.size == 48)
        #expect(TipCard(content, appearance: TipCardAppearance(showsImage: false)).image == nil)
        content.image = nil
        #expect(TipCard(content).image == nil)
    }

    @Test func textsAndTheCardsOwnWordsGoThroughTheLocalizer() {
        let content = TipContent(tip: "T", id: "T", title: .localized(key: "fav.title", table: "Tips", fallback: "Favorite"),
                                 message: .localized(key: "fav.missing", table: nil, fallback: "Fallback"),
                                 actions: [TipActionContent(id: "ok", title: .localized(key: "ok", table: nil, fallback: nil))])
        let french = TipLocalizer { key, table in
            ["Tips/fav.title": "Favori", "-/tips.close": "Fermer", "-/tips.tip": "Astuce", "-/ok": "D’accord"][(table ?? "-") + "/" + key]
        }
        let card = TipCard(content, localizer: french)
        #expect(card.title == "Favori")
        #expect(card.message == "Fallback")
        #expect(card.actions.map(\.title) == ["D’accord"])
        #expect(card.closeButton?.accessibilityLabel == "Fermer")
        #expect(card.accessibilityLabel == "Astuce: Favori. Fallback")
        // Without a lookup: fallbacks, or the key when there is none.
        let plain = TipCard(content)
        #expect(plain.title == "Favorite")
        #expect(plain.actions.map(\.title) == ["ok"])
    }

    /// A reusable tip's translations get its arguments (the content's, by name) in every text
    /// the card shows; the card's own words have none to get.
    @Test(arguments: [
        (["name": "Rezepte"], "Rezepte teilen", "Rezepte: 2", "Schließen \\(name)"),
        (["name": "\\(count)"], "\\(count) teilen", "\\(count): 2", "Schließen \\(name)"),
        ([:], "\\(name) teilen", "\\(name): \\(count)", "Schließen \\(name)"),
    ] as [([String: String], String, String, String)])
    func translationsInTheCardGetTheArguments(_ row: ([String: String], String, String, String)) {
        var arguments = row.0
        if !arguments.isEmpty { arguments["count"] = "2" }
        let content = TipContent(tip: "T", id: "T", title: .localized(key: "share.title", table: nil, fallback: "Share"),
                                 actions: [TipActionContent(id: "go", title: .localized(key: "share.go", table: nil, fallback: nil))],
                                 arguments: arguments)
        let german = TipLocalizer { key, _ in
            ["share.title": "\\(name) teilen", "share.go": "\\(name): \\(count)", "tips.close": "Schließen \\(name)"][key]
        }
        let card = TipCard(content, localizer: german)
        #expect(card.title == row.1)
        #expect(card.actions.map(\.title) == [row.2])
        #expect(card.closeButton?.accessibilityLabel == row.3)
    }

    @Test func bundleLocalizerTellsAMissingKeyFromATranslation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tipsui-\(UUID().uuidString)")
        let lproj = directory.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("\"tips.close\" = \"Dismiss\";\n\"same\" = \"same\";\n".utf8)
            .write(to: lproj.appendingPathComponent("Localizable.strings"))
        let bundle = try #require(Bundle(path: directory.path))
        let localizer = TipLocalizer.bundle(bundle)
        #expect(localizer(.localized(key: "tips.close", table: nil, fallback: "Close")) == "Dismiss")
        #expect(localizer(.localized(key: "same", table: nil, fallback: "other")) == "same")
        #expect(localizer(.localized(key: "absent", table: nil, fallback: "Fallback")) == "Fallback")
    }
}
