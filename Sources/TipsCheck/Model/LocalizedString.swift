import TipsSource
import TipsText

/// One `localized("key", table:, default:)` text of a catalog, as translators get it: what
/// `tipc strings export` writes and `tipc strings check` holds translations against.
///
/// Keys and values keep the `.tips` spelling of interpolations, `\(name)`, so a translator
/// moves them as whole words and the check can tell a renamed one from a moved one.
public struct LocalizedString: Sendable, Hashable {
    /// Where in a catalog a text is used.
    public struct Use: Sendable, Hashable {
        /// The tip's name.
        public var tip: String
        /// `title`, `message`, or `action "id" title`.
        public var role: String
        /// The most characters the copy lints allow this text (W101, W104); nil when none applies.
        public var budget: Int?
        /// The `localized(...)` expression.
        public var range: SourceRange
    }

    /// The table: the `table:` named, or `Localizable`, the one Foundation looks in by default.
    public var table: String
    /// The key, `\(name)` where it interpolates an argument.
    public var key: String
    /// The `default:` text (the source language's), `\(name)` for arguments; nil without one.
    public var value: String?
    /// Every use, in source order (one key may be used by several tips).
    public var uses: [Use]
    /// Whether the key, or the first use's default, interpolates an argument (from the
    /// checked templates, not from the spelling: a literal `\\(` is text).
    public var keyInterpolates = false
    public var valueInterpolates = false

    /// The table Foundation reads when a text names none.
    public static let defaultTable = "Localizable"

    /// The least budget of the uses: what a translation must fit.
    public var budget: Int? { uses.compactMap(\.budget).min() }

    /// The argument names of the key (a key with any is one entry per argument value).
    public var keyPlaceholders: [String] { Self.placeholders(in: key) }

    /// The comment a translator reads: the tips and roles, the placeholders and the budget.
    public var comment: String {
        var parts = [uses.map { "Tip \($0.tip), \($0.role)" }.joined(separator: "; ") + "."]
        let names = value.map(Self.placeholders(in:)) ?? []
        if !names.isEmpty {
            parts.append("Keep " + names.map { "\\(\($0))" }.joined(separator: ", ") + " as written.")
        }
        if let budget {
            parts.append("At most \(budget) characters.")
        } else {
            parts.append("No length budget.")
        }
        if !keyPlaceholders.isEmpty {
            parts.append("The key varies with " + keyPlaceholders.map { "\\(\($0))" }.joined(separator: ", ")
                + ": one entry per value.")
        }
        return parts.joined(separator: " ")
    }

    /// The `\(name)` placeholders of `text`, in order, repeats kept.
    public static func placeholders(in text: String) -> [String] {
        pieces(text).compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The characters a reader sees at least: `text` without its placeholders (as the copy
    /// lints count, an interpolation counts as nothing, so a length is a lower bound).
    public static func visibleLength(_ text: String) -> Int {
        pieces(text).reduce(0) { sum, piece in if case .text(let t) = piece { sum + t.count } else { sum } }
    }

    /// A text split at its `\(name)` placeholders.
    package typealias Piece = PlaceholderText.Piece

    /// `text` as pieces, as every reader of placeholders splits it (the runtime that fills a
    /// translation with a tip's arguments included): ``PlaceholderText/pieces(_:)``.
    package static func pieces(_ text: String) -> [Piece] { PlaceholderText.pieces(text) }

    /// Every localized text of `model`, one per table and key, sorted by table then key
    /// (byte order, so output is the same on every platform).
    public static func collect(_ model: CatalogModel) -> [LocalizedString] {
        var byID: [String: LocalizedString] = [:]
        var order: [String] = []
        for tip in model.tips {
            func add(_ text: Text?, role: String, budget: Int?) {
                guard case .localized(let key, let table, let fallback, let range)? = text else { return }
                let t = table ?? defaultTable
                let k = spelled(key, tip)
                let id = t + "\u{0}" + k
                let use = Use(tip: tip.name, role: role, budget: budget, range: range)
                if byID[id] == nil {
                    var string = LocalizedString(table: t, key: k, value: fallback.map { spelled($0, tip) }, uses: [use])
                    string.keyInterpolates = key.literalText == nil
                    string.valueInterpolates = fallback.map { $0.literalText == nil } ?? false
                    byID[id] = string
                    order.append(id)
                } else {
                    byID[id]?.uses.append(use)
                    if byID[id]?.value == nil, let fallback {
                        byID[id]?.value = spelled(fallback, tip)
                        byID[id]?.valueInterpolates = fallback.literalText == nil
                    }
                }
            }
            add(tip.title, role: "title", budget: CopyLimits.maxTitleLength)
            // Each alternative of a chosen message is a string of its own to translate.
            for (i, m) in tip.messages.enumerated() {
                add(m.text, role: tip.messages.count == 1 ? "message" : "message \(i + 1) of \(tip.messages.count)",
                    budget: CopyLimits.maxMessageLength)
            }
            for action in tip.actions {
                add(action.title, role: "action \"\(action.id)\" title", budget: nil)
            }
        }
        return order.compactMap { byID[$0] }.sorted { a, b in
            a.table != b.table ? a.table.utf8.lexicographicallyPrecedes(b.table.utf8)
                : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }
    }

    /// `template` with `\(name)` for each argument hole.
    package static func spelled(_ template: Template, _ tip: Tip) -> String {
        template.segments.map { segment in
            switch segment {
            case .text(let s): s
            case .argument(let i): "\\(" + (tip.arguments.indices.contains(i) ? tip.arguments[i].name : "?") + ")"
            }
        }.joined()
    }
}
