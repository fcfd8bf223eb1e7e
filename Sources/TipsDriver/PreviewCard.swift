import TipsCheck
import TipsSource

/// One tip as a reader sees it in one locale on one platform: the texts resolved (a
/// translation, else the `default:` text, else the key), the message and actions its
/// platform conditions leave, as TipsUI's `TipCard` shows them. Arguments of a reusable tip
/// show as `‹name›`.
public struct PreviewCard: Sendable, Hashable {
    /// One shown text, with where it is written (what a diagnostic points at).
    public struct Line: Sendable, Hashable {
        /// `title`, `message` or `action:ID`.
        public var role: String
        public var text: String
        public var range: SourceRange
    }

    /// The tip's name.
    public var tip: String
    public var locale: String
    /// The device class (``PreviewSetting/Width/name``).
    public var width: String
    public var title: Line
    public var message: Line?
    public var actions: [Line]
    /// The SF Symbol or asset name, if any.
    public var image: String?
    public var imageIsAsset: Bool

    /// `tip` in `locale` on `width`'s platform, texts from `translations` (the source
    /// language's texts are the catalog's own).
    public init(_ tip: Tip, locale: String, width: PreviewSetting.Width, translations: Translations, sourceLanguage: String) {
        func resolve(_ text: Text, role: String) -> Line {
            Line(role: role, text: Self.resolve(text, tip: tip, locale: locale, translations: translations,
                                                  sourceLanguage: sourceLanguage), range: text.range)
        }
        func shown(_ condition: ContentCondition?) -> Bool {
            condition?.platforms.map { $0.contains(width.platform) } ?? true
        }
        self.tip = tip.name
        self.locale = locale
        self.width = width.name
        title = resolve(tip.title, role: "title")
        message = tip.message.flatMap { shown(tip.messageCondition) ? resolve($0, role: "message") : nil }
        actions = tip.actions.filter { shown($0.condition) }.map { resolve($0.title, role: "action:" + $0.id) }
        image = tip.image
        imageIsAsset = tip.imageIsAsset
    }

    /// The text of `text` in `locale`.
    static func resolve(_ text: Text, tip: Tip, locale: String, translations: Translations, sourceLanguage: String) -> String {
        switch text {
        case .literal(let template):
            return spelled(template, tip: tip)
        case .localized(let key, let table, let fallback, _):
            let keyText = LocalizedString.spelled(key, tip)
            if locale != sourceLanguage,
               let value = translations.values(table: table ?? LocalizedString.defaultTable, key: keyText)[locale] {
                return showingPlaceholders(value)
            }
            return fallback.map { spelled($0, tip: tip) } ?? showingPlaceholders(keyText)
        }
    }

    private static func spelled(_ template: Template, tip: Tip) -> String {
        template.segments.map { segment in
            switch segment {
            case .text(let t): t
            case .argument(let i): "‹" + (i < tip.arguments.count ? tip.arguments[i].name : "?") + "›"
            }
        }.joined()
    }

    private static func showingPlaceholders(_ text: String) -> String {
        LocalizedString.pieces(text).map { piece in
            switch piece {
            case .text(let t): t
            case .placeholder(let name): "‹" + name + "›"
            }
        }.joined()
    }
}
