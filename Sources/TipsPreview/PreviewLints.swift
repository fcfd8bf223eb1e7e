import TipsSource

/// Browser measurements of a ``PreviewPage`` turned into lints at the texts' sources:
///
/// - W500, truncated: at the default text size, a title or message needing more lines
///   than its budget (`scrollHeight` over the clamped `clientHeight`), or an action title
///   wider than its button (`scrollWidth > clientWidth`; the button ends in "…");
/// - W501, too wide: a text wider than its box at any size (a word that does not fit the
///   card's width, which SwiftUI breaks mid-word), or a card wider than its setting's width.
///
/// One diagnostic per text, locale, width, text size and code, naming the presentations it
/// happens in; the colour scheme changes no size, so it is not named. A translation is
/// reported at its entry in the translation file, with a note at the `.tips` text.
public enum PreviewLints {
    /// What the lints found, and the measurements that name nothing of the preview (a page
    /// from another catalog version): each as `tip 'X' (de, iPhone, large, popover): title`.
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var unmatched: [String]
    }

    /// A measured size beyond its box by more than this (CSS pixels) counts: rounding of
    /// sub-pixel layout stays silent.
    public static let tolerance = 1.0

    /// The lints of `measurements` against `preview` (measurements of other catalogs are skipped).
    public static func lint(_ measurements: PreviewMeasurements, _ preview: CatalogPreview) -> Result {
        struct Key: Hashable {
            var tip: String, role: String, locale: String, width: String, size: String, code: String
        }
        struct Finding {
            var line: PreviewCard.Line?
            var card: PreviewCard
            var presentations: [String] = []
            var needed: Double
            var box: Double
            var lines: Int = 0
            var budget: Int = 0
        }
        var cards: [String: PreviewCard] = [:]
        for card in preview.cards {
            cards[[card.tip, card.locale, card.width.name, card.textSize.name, card.scheme, card.presentation.rawValue].joined(separator: "\u{0}")] = card
        }
        var findings: [Key: Finding] = [:]
        var order: [Key] = []
        var unmatched: [String] = []
        // Texts first: a card is only reported too wide when none of its texts is (the text says why).
        let texts = measurements.measurements.filter { $0.catalog == preview.name && $0.role != "card" }
        let wholeCards = measurements.measurements.filter { $0.catalog == preview.name && $0.role == "card" }
        var tooWide: Set<String> = []
        for m in texts + wholeCards {
            let id = [m.tip, m.locale, m.width, m.size, m.scheme, m.presentation].joined(separator: "\u{0}")
            let line = cards[id]?.lines.first { $0.role == m.role }
            guard let card = cards[id], m.role == "card" || line != nil else {
                unmatched.append("tip '\(m.tip)' (\(m.locale), \(m.width), \(m.size), \(m.presentation)): \(m.role)")
                continue
            }
            func note(_ code: DiagnosticCode, needed: Double, box: Double, lines: Int = 0, budget: Int = 0) {
                let key = Key(tip: m.tip, role: m.role, locale: m.locale, width: m.width, size: m.size, code: code.text)
                if findings[key] == nil {
                    findings[key] = Finding(line: line, card: card, needed: needed, box: box, lines: lines, budget: budget)
                    order.append(key)
                }
                if !findings[key]!.presentations.contains(m.presentation) { findings[key]!.presentations.append(m.presentation) }
                if needed > findings[key]!.needed {
                    findings[key]!.needed = needed
                    findings[key]!.box = box
                    findings[key]!.lines = max(findings[key]!.lines, lines)
                }
            }
            let wider = m.scrollWidth > m.clientWidth + tolerance
            if m.role.hasPrefix("action:"), card.textSize.isDefault {
                if wider { note(.textTruncated, needed: m.scrollWidth, box: m.clientWidth) }
                continue
            }
            if m.role != "card", card.textSize.isDefault, m.scrollHeight > m.clientHeight + tolerance, m.lineHeight > 0 {
                let lines = Int((m.scrollHeight / m.lineHeight).rounded())
                let budget = PreviewSetting.lineBudget(role: m.role)
                note(.textTruncated, needed: m.scrollHeight, box: m.clientHeight, lines: max(lines, budget + 1), budget: budget)
            }
            if wider, m.role != "card" || !tooWide.contains(id) {
                note(.textOverflows, needed: m.scrollWidth, box: m.clientWidth)
                tooWide.insert(id)
            }
        }
        var diagnostics: [Diagnostic] = []
        for key in order {
            guard let f = findings[key] else { continue }
            diagnostics.append(diagnostic(key.code, f.line, f.card, presentations: f.presentations, needed: f.needed, box: f.box,
                                          lines: f.lines, budget: f.budget))
        }
        return Result(diagnostics: diagnostics.sortedForOutput(), unmatched: unmatched)
    }

    /// The words for a role: `the title`, `the message`, `action 'ID'`, `the card`.
    static func subject(_ role: String) -> String {
        if role.hasPrefix("action:") { return "the title of action '\(role.dropFirst("action:".count))'" }
        return "the " + role
    }

    static func diagnostic(_ code: String, _ line: PreviewCard.Line?, _ card: PreviewCard, presentations: [String],
                           needed: Double, box: Double, lines: Int, budget: Int) -> Diagnostic {
        let setting = "in \(card.locale) at \(card.width.name) width (\(presentations.joined(separator: " and ")), \(card.textSize.name) text)"
        let what = "\(subject(line?.role ?? "card")) of tip '\(card.tip)'"
        let range = line?.translation ?? line?.range ?? card.range
        let notes = line?.translation != nil ? [Note("the text's key in the catalog", at: line?.range)] : []
        let px = { (v: Double) in String(Int(v.rounded())) }
        if code == DiagnosticCode.textTruncated.text {
            let detail = line?.role.hasPrefix("action:") == true
                ? "it needs \(px(needed)) pt, its button has \(px(box)) pt"
                : "it takes \(lines) lines, \(budget) show"
            return .warning(.textTruncated, "\(what) is truncated \(setting): \(detail)", at: range, notes: notes)
        }
        let detail = line == nil ? "it needs \(px(needed)) pt, the card is \(card.points) pt"
                                 : "it needs \(px(needed)) pt, its box has \(px(box)) pt; a word does not fit and breaks mid-word"
        return .warning(.textOverflows, "\(what) is wider than its box \(setting): \(detail)", at: range, notes: notes)
    }
}
