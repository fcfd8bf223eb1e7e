import TipsText
import TipsUI

/// The page `tipc preview` writes: one self-contained HTML document (inline CSS, no script,
/// nothing fetched) with every card of the previews, grouped by catalog, tip, locale and
/// width, each card in a box of its setting's width. It is also well-formed XML (void
/// elements closed), so tests and tools can read it back with any XML parser.
///
/// Every card's texts carry what the browser measurements name them by: the `data-`
/// attributes `catalog`, `tip`, `locale`, `width`, `size`, `scheme`, `presentation` on the
/// card and `role` on each text (`title`, `message`, `action:ID`). At the default text size
/// a title is clamped to two lines and a message to five, and an action's title to its
/// button's width (``PreviewSetting/lineBudget(role:)``); text never wraps inside a word,
/// so a word too wide sticks out of its card.
///
/// Each locale's block and card carry `lang` and `dir`; the stylesheet lays the card out by
/// leading and trailing edges (CSS logical properties, flex rows that follow `dir`), so a
/// right-to-left card mirrors as SwiftUI mirrors it: the image at the right, the close button
/// at the left (its trailing edge), texts aligned to the right, the first action rightmost.
public enum PreviewPage {
    /// The page for `previews`, titled `title`.
    public static func html(_ previews: [CatalogPreview], title: String = "Tips preview") -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"generator\" content=\"tipc preview\"/>\n"
        out += "<title>\(XMLText.content(title))</title>\n<style>\n\(stylesheet)</style>\n</head>\n<body>\n"
        out += "<header><h1>\(XMLText.content(title))</h1>\n"
        let count = previews.reduce(0) { $0 + Set($1.cards.map(\.tip)).count }
        out += "<p class=\"summary\">\(previews.count) catalog\(previews.count == 1 ? "" : "s"), \(count) tip\(count == 1 ? "" : "s"). "
        out += "Drawn in a browser from TipsUI's card model: fonts, materials and the popover's arrow only approximate "
        out += "SwiftUI's; check on a device before shipping.</p></header>\n"
        for preview in previews { out += section(preview) }
        out += "</body>\n</html>\n"
        return out
    }

    /// One catalog's tips.
    static func section(_ preview: CatalogPreview) -> String {
        var out = "<section class=\"catalog\" data-catalog=\"\(XMLText.attribute(preview.name))\">\n"
        out += "<h2>\(XMLText.content(preview.name))</h2>\n"
        var tips: [String] = []
        for card in preview.cards where !tips.contains(card.tip) { tips.append(card.tip) }
        for tip in tips {
            let cards = preview.cards.filter { $0.tip == tip }
            let location = cards.first.map { preview.location(of: $0.range) } ?? ""
            out += "<article class=\"tip\" id=\"\(XMLText.attribute(anchor(preview.name, tip)))\" data-tip=\"\(XMLText.attribute(tip))\">\n"
            out += "<h3>\(XMLText.content(tip)) <span class=\"where\">\(XMLText.content(location))</span></h3>\n"
            for locale in preview.locales {
                let inLocale = cards.filter { $0.locale == locale }
                guard !inLocale.isEmpty else { continue }
                let dir = direction(locale)
                out += "<div class=\"locale\" data-locale=\"\(XMLText.attribute(locale))\" lang=\"\(XMLText.attribute(locale))\" dir=\"\(dir)\">"
                out += "<h4>\(XMLText.content(locale))\(dir == "rtl" ? " (right to left)" : "")</h4>\n"
                var widths: [String] = []
                for card in inLocale where !widths.contains(card.width.name) { widths.append(card.width.name) }
                for width in widths {
                    let row = inLocale.filter { $0.width.name == width }
                    guard let first = row.first else { continue }
                    out += "<div class=\"width\" data-width=\"\(XMLText.attribute(width))\"><h5>\(XMLText.content(width)): "
                    out += "\(first.width.screen) pt screen, popover \(first.width.popover) pt, inline \(first.width.inline) pt</h5>\n"
                    out += "<div class=\"row\">\n"
                    for card in row { out += figure(preview, card) }
                    out += "</div></div>\n"
                }
                out += "</div>\n"
            }
            out += "</article>\n"
        }
        out += "</section>\n"
        return out
    }

    /// `rtl` for a locale written right to left (``TipLayoutDirection/init(language:)``), else `ltr`.
    static func direction(_ locale: String) -> String {
        TipLayoutDirection(language: locale) == .rightToLeft ? "rtl" : "ltr"
    }

    /// The id of a tip's article: `catalog/Tip`, for links such as `page.html#Definitions/notes-app/ShortcutTip`.
    public static func anchor(_ catalog: String, _ tip: String) -> String { catalog + "/" + tip }

    /// One card in its setting's box, with a caption naming the setting.
    static func figure(_ preview: CatalogPreview, _ p: PreviewCard) -> String {
        let card = p.card
        let size = p.textSize
        let clamp = size.isDefault
        var attributes = "data-catalog=\"\(XMLText.attribute(preview.name))\" data-tip=\"\(XMLText.attribute(p.tip))\""
        attributes += " data-locale=\"\(XMLText.attribute(p.locale))\" data-width=\"\(XMLText.attribute(p.width.name))\""
        attributes += " data-size=\"\(XMLText.attribute(size.name))\" data-scheme=\"\(p.scheme)\""
        attributes += " data-presentation=\"\(p.presentation.rawValue)\""
        let style = "width:\(p.points)px;--title:\(size.title)px;--message:\(size.message)px;--action:\(size.action)px;"
            + "--radius:\(number(card.appearance.cornerRadius))px;--padding:\(number(card.appearance.padding))px;"
            + "--spacing:\(number(card.appearance.spacing))px;--image:\(number(card.appearance.imageSize * Double(size.title) / 17))px"
        var out = "<figure class=\"setting \(p.scheme)\">\n"
        let dir = card.environment.layoutDirection == .rightToLeft ? "rtl" : "ltr"
        out += "<div class=\"card \(p.presentation.rawValue)\(clamp ? " clamp" : "")\" lang=\"\(XMLText.attribute(p.locale))\" dir=\"\(dir)\" "
        out += "\(attributes) style=\"\(style)\" role=\"group\" aria-label=\"\(XMLText.attribute(card.accessibilityLabel))\">\n"
        if p.presentation == .popover { out += "<div class=\"arrow\"></div>\n" }
        let placement = card.image?.placement == .above ? "above" : "leading"
        out += "<div class=\"body \(placement)\">\n"
        if let image = p.image { out += imageHTML(image) }
        out += "<div class=\"texts\">\n"
        out += text(p.title, element: "p", lines: clamp ? PreviewSetting.lineBudget(role: "title") : nil)
        if let message = p.message {
            out += text(message, element: "p", lines: clamp ? PreviewSetting.lineBudget(role: "message") : nil)
        }
        out += "</div>\n"
        if let close = card.closeButton {
            out += "<button class=\"close\" type=\"button\" data-role=\"close\" aria-label=\"\(XMLText.attribute(close.accessibilityLabel))\""
            out += " title=\"\(XMLText.attribute(close.systemImage ?? ""))\">✕</button>\n"
        }
        out += "</div>\n"
        if !p.actions.isEmpty {
            out += "<div class=\"actions \(card.actionsAxis == .vertical ? "vertical" : "horizontal")\">\n"
            for action in p.actions { out += text(action, element: "button", lines: clamp ? 1 : nil) }
            out += "</div>\n"
        }
        out += "</div>\n"
        var caption = "\(p.presentation.rawValue) · \(p.scheme) · \(size.name) text · \(p.points) pt"
        if let image = p.image {
            caption += " · image: \(image.name) (\(image.isAsset ? (image.dataURL == nil ? "asset, no file" : "asset") : "SF Symbol"))"
        }
        out += "<figcaption>\(XMLText.content(caption))</figcaption>\n</figure>\n"
        return out
    }

    /// A shown text, with its role and (clamped) line budget.
    static func text(_ line: PreviewCard.Line, element: String, lines: Int?) -> String {
        let kind = line.role.hasPrefix("action:") ? "action" : line.role
        var out = "<\(element) class=\"\(kind)\" data-role=\"\(XMLText.attribute(line.role))\""
        if element == "button" { out += " type=\"button\"" }
        if let lines { out += " data-lines=\"\(lines)\"" }
        return out + ">\(marked(line.text))</\(element)>\n"
    }

    /// `text` escaped, each argument placeholder `‹name›` in a `span.arg` that may break
    /// anywhere: a real value's length is unknown, so a placeholder never counts as too wide.
    static func marked(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "‹"), let close = rest[open...].firstIndex(of: "›") {
            out += XMLText.content(String(rest[..<open]))
            out += "<span class=\"arg\">" + XMLText.content(String(rest[open...close])) + "</span>"
            rest = rest[rest.index(after: close)...]
        }
        return out + XMLText.content(String(rest))
    }

    /// An image: the embedded file, or a placeholder glyph named in its `title`.
    static func imageHTML(_ image: PreviewImage) -> String {
        let kind = image.isAsset ? "asset" : "symbol"
        if let url = image.dataURL {
            return "<img class=\"image \(kind)\" data-role=\"image\" alt=\"\(XMLText.attribute(image.name))\" src=\"\(XMLText.attribute(url))\"/>\n"
        }
        return "<div class=\"image \(kind) placeholder\" data-role=\"image\" title=\"\(XMLText.attribute(image.name))\">"
            + (image.isAsset ? "▧" : "✦") + "</div>\n"
    }

    /// A measurement as CSS writes it: no `.0` on whole numbers.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// TipKit's look, approximated: the system's grouped backgrounds, label colours and tint
    /// in light and dark mode, SF-like fonts where the machine has none.
    static let stylesheet = """
        :root { font-family: -apple-system, "SF Pro Text", "Helvetica Neue", "DejaVu Sans", Arial, sans-serif; }
        body { margin: 0; padding: 16px 24px; background: #fafafa; color: #111; }
        header h1 { font-size: 22px; margin: 0 0 4px; }
        .summary { color: #555; font-size: 13px; margin: 0 0 16px; }
        h2 { font-size: 18px; border-bottom: 1px solid #ccc; padding-bottom: 4px; }
        h3 { font-size: 16px; margin: 20px 0 6px; }
        h3 .where { font-weight: normal; color: #777; font-size: 12px; font-family: monospace; }
        h4 { font-size: 13px; margin: 8px 0 4px; color: #333; }
        h5 { font-size: 12px; margin: 6px 0; color: #666; font-weight: normal; }
        .row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure.setting { margin: 0; padding: 14px 12px 8px; border-radius: 10px; }
        figure.light { background: #f2f2f7; }
        figure.dark { background: #000; }
        figcaption { font-size: 11px; margin-top: 8px; color: #6e6e73; }
        figure.dark figcaption { color: #98989d; }
        .card { position: relative; box-sizing: border-box; border-radius: var(--radius); padding: var(--padding);
                background: #fff; color: #000; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        .dark .card { background: #1c1c1e; color: #fff; box-shadow: none; }
        .card.popover { box-shadow: 0 6px 24px rgba(0,0,0,.18); }
        .dark .card.popover { background: #2c2c2e; }
        .arrow { position: absolute; top: -7px; left: 50%; margin-left: -8px; width: 16px; height: 16px;
                 background: inherit; transform: rotate(45deg); border-radius: 3px; }
        .body { position: relative; display: flex; gap: var(--spacing); align-items: flex-start; }
        .body.above { flex-direction: column; }
        .image { flex: none; width: var(--image); height: var(--image); color: #007aff; font-size: calc(var(--image) * .8);
                 line-height: var(--image); text-align: center; object-fit: contain; }
        .dark .image { color: #0a84ff; }
        .texts { flex: 1 1 auto; min-width: 0; padding-inline-end: calc(var(--title) + 4px); text-align: start; }
        .body.above .texts { padding-inline-end: 0; align-self: stretch; }
        .title, .message { margin: 0; overflow-wrap: normal; word-break: normal; hyphens: manual; }
        .title { font-size: var(--title); line-height: 1.25; font-weight: 600; }
        .message { font-size: var(--message); line-height: 1.3; margin-top: 2px; color: rgba(60,60,67,.6); }
        .dark .message { color: rgba(235,235,245,.6); }
        .clamp .title, .clamp .message { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
        .clamp .title { -webkit-line-clamp: 2; }
        .clamp .message { -webkit-line-clamp: 5; }
        .close { position: absolute; top: -4px; inset-inline-end: -4px; border: 0; background: none; padding: 2px;
                 font-size: calc(var(--title) * .8); line-height: 1; color: rgba(60,60,67,.45); font-family: inherit; }
        .dark .close { color: rgba(235,235,245,.45); }
        .actions { display: flex; gap: 12px; margin-top: 10px; padding-top: 10px; border-top: 1px solid rgba(60,60,67,.18); }
        .dark .actions { border-top-color: rgba(84,84,88,.6); }
        .actions.vertical { flex-direction: column; }
        .action { font: inherit; font-size: var(--action); line-height: 1.25; color: #007aff; background: none; border: 0;
                  padding: 0; text-align: start; min-width: 0; overflow-wrap: normal; }
        .dark .action { color: #0a84ff; }
        .actions.horizontal .action { flex: 1 1 0; }
        .arg { word-break: break-all; text-decoration: underline dotted; }
        .clamp .action { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }

        """
}
