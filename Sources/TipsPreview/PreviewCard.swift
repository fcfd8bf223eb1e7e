import TipsCheck
import TipsSource
import TipsUI

/// One tip as a reader sees it in one setting: TipsUI's `TipCard` (made from the content the
/// runtime resolves, so platform conditions, templates and the layout rules are the app's),
/// and for each text it shows, where it is written (what a diagnostic points at).
public struct PreviewCard: Sendable, Hashable {
    /// One shown text, with where it is written.
    public struct Line: Sendable, Hashable {
        /// `title`, `message` or `action:ID`.
        public var role: String
        /// As shown; an argument of a reusable tip as `‹name›`.
        public var text: String
        /// The text in the `.tips` file.
        public var range: SourceRange
        /// The translation shown, in its translation file; nil for the source language.
        public var translation: SourceRange?
    }

    /// The tip's name.
    public var tip: String
    public var locale: String
    public var width: PreviewSetting.Width
    public var textSize: PreviewSetting.TextSize
    public var scheme: String
    public var presentation: PreviewSetting.Presentation
    /// What TipsUI's views draw.
    public var card: TipCard
    public var title: Line
    public var message: Line?
    /// The action buttons, in the card's order.
    public var actions: [Line]
    /// The image as the page shows it, when the card has one.
    public var image: PreviewImage?
    /// The tip's name in the `.tips` file (what a whole-card diagnostic points at).
    public var range: SourceRange

    /// Every shown text: the title, the message, the actions.
    public var lines: [Line] { [title] + (message.map { [$0] } ?? []) + actions }

    /// The card's width in this setting.
    public var points: Int { width.points(presentation) }

    /// `‹name›` for each `\(name)`: what an argument's placeholder looks like on the page.
    static func showingPlaceholders(_ text: String) -> String {
        guard text.contains("\\(") else { return text }
        return LocalizedString.pieces(text).map { piece in
            switch piece {
            case .text(let t): t
            case .placeholder(let name): "‹" + name + "›"
            }
        }.joined()
    }
}
