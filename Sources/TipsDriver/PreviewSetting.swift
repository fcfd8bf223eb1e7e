/// The settings a preview renders each tip in: the device widths, text sizes, colour schemes
/// and presentations of ``CatalogPreview``, named as the page's data attributes and the
/// measurement JSON name them.
public enum PreviewSetting {
    /// A device class: the platform its content conditions test and the card widths (points,
    /// which the page draws as CSS pixels) of a popover and of an inline card there.
    public struct Width: Sendable, Hashable {
        /// `iPhone`, `iPad`, `Mac`: the word diagnostics use.
        public var name: String
        /// The `platform` name a `when platform == ...` condition compares with.
        public var platform: String
        /// A popover's width.
        public var popover: Int
        /// An inline card's width (the screen less its margins).
        public var inline: Int

        /// The card width of `presentation`.
        public func points(_ presentation: String) -> Int { presentation == "popover" ? popover : inline }
    }

    /// iPhone (a 390-point screen, 16-point margins), iPad and Mac, as TipKit sizes its
    /// popovers (about 400 points wide at most) and inline cards.
    public static let widths = [
        Width(name: "iPhone", platform: "iOS", popover: 358, inline: 358),
        Width(name: "iPad", platform: "iPadOS", popover: 400, inline: 560),
        Width(name: "Mac", platform: "macOS", popover: 340, inline: 480),
    ]

    /// A text size: its name and the body font size (CSS pixels) it stands for; the title is
    /// set 1.0x, the message 0.88x, as the views' `.headline` and `.subheadline`.
    public struct TextSize: Sendable, Hashable {
        public var name: String
        public var body: Int
        /// Whether it is one of the accessibility sizes (the image above the text, actions stacked).
        public var isAccessibility: Bool
    }

    /// The default size (`large`, 17 points) and the largest accessibility size
    /// (`accessibilityExtraExtraExtraLarge`, 53 points), as TipsUI's `TipContentSize` names them.
    public static let textSizes = [
        TextSize(name: "large", body: 17, isAccessibility: false),
        TextSize(name: "accessibility5", body: 53, isAccessibility: true),
    ]

    /// The colour schemes.
    public static let schemes = ["light", "dark"]
    /// The presentations: a popover beside its anchor, or a card inline in the layout.
    public static let presentations = ["popover", "inline"]

    /// The most lines a text may take at the default size before the preview calls it too
    /// long: a title two, a message five, an action one (buttons truncate a second).
    public static func lineBudget(role: String) -> Int {
        if role == "title" { return 2 }
        if role == "message" { return 5 }
        return 1
    }
}
