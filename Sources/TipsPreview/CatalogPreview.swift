import TipsCheck
import TipsDriver
import TipsRuntime
import TipsSource
import TipsUI

/// Every tip of one checked catalog in every preview setting (``PreviewSetting``), in each
/// locale it has translations for: the cards `tipc preview` draws and its lints judge.
///
/// The content comes from the runtime (a `TipStore` over the compiled bundle, told each
/// width's platform), and each card is TipsUI's `TipCard` for it, so what a preview shows is
/// resolved as the app resolves it: `when platform` conditions, templates, localized texts
/// looked up by key and table (a translation from the catalog's String Catalogs, else the
/// `default:` text, else the key; of a translation's variations, the width's device and the
/// plural form of the tip's count, ``TipKey/pluralCount``), the image's placement, the
/// actions' axis, and the layout direction of the locale (``TipLayoutDirection/init(language:)``). State
/// conditions are judged in a fresh install's state. The page is ``PreviewPage``; the
/// playground (`tipc preview --serve`) is meant to reuse both.
public struct CatalogPreview: Sendable {
    /// What to render.
    public struct Options: Sendable {
        /// The locales; empty: the source language and every language translated.
        public var locales: [String]
        /// The widths, in ``PreviewSetting/widths`` order.
        public var widths: [PreviewSetting.Width]
        /// The folder `image asset "NAME"` files are looked for in (``PreviewImage``).
        public var assets: String?
        /// The language of the `default:` texts.
        public var sourceLanguage: String

        public init(locales: [String] = [], widths: [PreviewSetting.Width] = PreviewSetting.widths, assets: String? = nil,
                    sourceLanguage: String = "en") {
            self.locales = locales
            self.widths = widths
            self.assets = assets
            self.sourceLanguage = sourceLanguage
        }
    }

    /// A catalog that cannot be previewed: it has errors, or its bundle does not open.
    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// The catalog's folder (what the page and the measurements name it by).
    public var name: String
    /// The catalog's `.tips` files and its translation files: what ``diagnostics`` and lints
    /// render against.
    public var sources: SourceSet
    /// The locales rendered: the source language first, then the translated ones, sorted.
    public var locales: [String]
    /// The locales it could render (``locales`` is those of them the options ask for).
    public var availableLocales: [String]
    /// Every card, by tip (declaration order), locale, width, text size, scheme, presentation.
    public var cards: [PreviewCard]
    /// Problems found while rendering: image files that do not read (E300).
    public var diagnostics: [Diagnostic]

    /// The locales `checked` can be previewed in: the source language, then every language
    /// its translation files have.
    public static func locales(of translations: Translations, sourceLanguage: String) -> [String] {
        [sourceLanguage] + translations.languages.filter { $0 != sourceLanguage }
    }

    /// The `message` line whose text `shown` is, for the card's link to its source: a tip
    /// that chooses between messages shows one per platform and state.
    static func sourceMessage(_ tip: TipsCheck.Tip, shown: TipsRuntime.TipText) -> TipsCheck.Text? {
        guard tip.messages.count > 1 else { return tip.message }
        for m in tip.messages {
            switch (m.text, shown) {
            case (.literal(let t), .plain(let s)) where t.literalText == s: return m.text
            case (.localized(let k, _, _, _), .localized(let key, _, _)) where k.literalText == key: return m.text
            default: continue
            }
        }
        return tip.message
    }

    /// The preview of `checked`, with the String Catalogs beside it as its translations.
    public init(_ checked: CheckedCatalog, options: Options = Options()) throws(Failure) {
        let files = StringCatalogFiles.beside(checked, sourceLanguage: options.sourceLanguage)
        try self.init(checked, translations: files.translations, sources: files.sources, options: options)
    }

    /// The preview of `checked` with `translations` (read from files held by `sources`,
    /// which also holds the catalog's `.tips` files).
    public init(_ checked: CheckedCatalog, translations: Translations, sources: SourceSet, options: Options) throws(Failure) {
        guard checked.errors.isEmpty, let bytes = checked.compile().bytes else {
            throw Failure(message: "\(checked.sources.catalogFolder): the catalog has errors; 'tipc check' lists them")
        }
        let store: TipStore
        do throws(TipStoreError) {
            store = try TipStore(bundle: bytes)
        } catch {
            throw Failure(message: "\(checked.sources.catalogFolder): the compiled catalog does not open: \(error)")
        }
        name = checked.sources.catalogFolder
        self.sources = sources
        let available = Self.locales(of: translations, sourceLanguage: options.sourceLanguage)
        availableLocales = available
        locales = options.locales.isEmpty ? available : available.filter(options.locales.contains)
        var entries: [String: Translations.Entry] = [:]
        for entry in translations.entries { entries[Self.entryKey(entry.table, entry.key, entry.language)] = entry }
        var images = PreviewImage.Cache(folder: options.assets)
        var cards: [PreviewCard] = []
        var diagnostics: [Diagnostic] = []
        let model = checked.model
        for width in options.widths {
            store.setPlatform(width.platform)
            for tip in model.tips {
                let key = TipKey(tip.name, arguments: Self.sampleArguments(tip, model))
                guard let content = try? store.content(of: key) else { continue }
                var image: PreviewImage?
                if let name = content.image {
                    switch images.image(named: name, kind: content.imageKind) {
                    case .success(let found): image = found
                    case .failure(let failure):
                        image = PreviewImage(name: name, isAsset: true, dataURL: nil, file: failure.path)
                        if !diagnostics.contains(where: { $0.message == failure.message }) {
                            diagnostics.append(.error(.unreadableImage, failure.message, at: tip.imageRange ?? tip.nameRange))
                        }
                    }
                }
                let device = Translations.Variation.device(platform: width.platform.rawValue)
                for locale in locales {
                    let isSource = locale == options.sourceLanguage
                    // A String Catalog's variations as the app on this width's device shows them.
                    let plural = content.tip.pluralCount.map { PluralRules.category(of: $0, language: locale) }
                    func entry(_ key: String, _ table: String?) -> Translations.Entry? {
                        isSource ? nil : entries[Self.entryKey(table ?? LocalizedString.defaultTable, key, locale)]
                    }
                    let localizer = TipLocalizer { key, table in entry(key, table)?.text(device: device, plural: plural) }
                    func translation(_ text: TipText) -> SourceRange? {
                        guard case .localized(let key, let table, _) = text, let found = entry(key, table) else { return nil }
                        return found.variation(device: device, plural: plural)?.range ?? found.range
                    }
                    let direction = TipLayoutDirection(language: locale)
                    for size in width.textSizes {
                        for (scheme, schemeName) in PreviewSetting.schemes {
                            let environment = TipCardEnvironment(layoutDirection: direction, contentSize: size.contentSize,
                                                                 colorScheme: scheme)
                            let card = TipCard(content, environment: environment, localizer: localizer)
                            let title = PreviewCard.Line(role: "title", text: PreviewCard.showingPlaceholders(card.title),
                                                         range: tip.title.range, translation: translation(content.title))
                            var message: PreviewCard.Line?
                            if let text = card.message, let resolved = content.message,
                               let source = Self.sourceMessage(tip, shown: resolved) {
                                message = PreviewCard.Line(role: "message", text: PreviewCard.showingPlaceholders(text),
                                                           range: source.range, translation: translation(resolved))
                            }
                            let actions = zip(card.actions, content.actions).map { button, action in
                                PreviewCard.Line(role: "action:" + action.id, text: PreviewCard.showingPlaceholders(button.title),
                                                 range: tip.actions.first { $0.id == action.id }?.title.range ?? tip.nameRange,
                                                 translation: translation(action.title))
                            }
                            for presentation in PreviewSetting.Presentation.allCases {
                                cards.append(PreviewCard(tip: tip.name, locale: locale, width: width, textSize: size,
                                                         scheme: schemeName, presentation: presentation, card: card, title: title,
                                                         message: message, actions: actions, image: card.image == nil ? nil : image,
                                                         range: tip.nameRange))
                            }
                        }
                    }
                }
            }
        }
        // By tip first, as the page lists them; the loop above went by width for setPlatform.
        let order = Dictionary(uniqueKeysWithValues: model.tips.enumerated().map { ($1.name, $0) })
        self.cards = cards.enumerated().sorted { a, b in
            let (x, y) = (order[a.element.tip] ?? 0, order[b.element.tip] ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        self.diagnostics = diagnostics
    }

    /// `file:line:col` of `range` in ``sources``.
    public func location(of range: SourceRange) -> String {
        let file = sources[range.file]
        return "\(file.path):\(file.location(of: range.start))"
    }

    private static func entryKey(_ table: String, _ key: String, _ language: String) -> String {
        table + "\u{0}" + key + "\u{0}" + language
    }

    /// Values for a reusable tip's arguments: a String argument is its own placeholder
    /// `\(name)` (so a localized key fills to the key as written, and the page shows
    /// `‹name›`); other types a first value (the first case, 1, true).
    static func sampleArguments(_ tip: Tip, _ model: CatalogModel) -> [String: TipValue] {
        func sample(_ type: ValueType, _ name: String) -> TipValue {
            switch type {
            case .string: .string("\\(" + name + ")")
            case .int: .int(1)
            case .double: .double(1)
            case .bool: .bool(true)
            case .date: .date(0)
            case .duration: .int(0)
            case .stringSet: .stringSet([])
            case .enumeration(let i): .enumCase(model.enums.indices.contains(i) ? model.enums[i].cases.first ?? "" : "")
            case .optional(let wrapped): sample(wrapped, name)
            case .error: .null
            }
        }
        var out: [String: TipValue] = [:]
        for argument in tip.arguments { out[argument.name] = sample(argument.type, argument.name) }
        return out
    }
}
