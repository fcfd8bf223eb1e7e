import TipsRuntime
import TipsUI

/// The settings a preview renders each tip in: the device widths, text sizes, colour schemes
/// and presentations, named as the page's `data-` attributes and the measurement JSON name
/// them. Docs/preview.md gives each number's source.
public enum PreviewSetting {
    /// A device class: the platform its content conditions test, its screen width and the
    /// card widths (points, which the page draws as CSS pixels) of a popover and of an
    /// inline card there.
    public struct Width: Sendable, Hashable {
        /// `iPhone`, `iPad`, `Mac`: the word diagnostics use.
        public var name: String
        /// What `--width` takes: `iphone`, `ipad`, `mac`.
        public var option: String
        /// The platform a `when platform == ...` condition compares with.
        public var platform: TipPlatform
        /// The screen (or window) width the card sits in.
        public var screen: Int
        /// A popover's width.
        public var popover: Int
        /// An inline card's width.
        public var inline: Int
        /// The text sizes the platform has (the Mac has no Dynamic Type).
        public var textSizes: [TextSize]

        /// The card width of `presentation`.
        public func points(_ presentation: Presentation) -> Int { presentation == .popover ? popover : inline }
    }

    /// iPhone: a 393-point screen (iPhone 15 and 16), 16-point margins each side. iPad: an
    /// 820-point screen (iPad Air 11-inch, iPad 10th generation); popovers 400, inline
    /// cards the 672-point readable width. Mac: popovers 340, inline cards 560, in a
    /// 1470-point-wide screen (MacBook Air 13-inch's default); macOS text sizes.
    public static let widths = [
        Width(name: "iPhone", option: "iphone", platform: .iOS, screen: 393, popover: 361, inline: 361,
              textSizes: [.large, .accessibility5]),
        Width(name: "iPad", option: "ipad", platform: .iPadOS, screen: 820, popover: 400, inline: 672,
              textSizes: [.large, .accessibility5]),
        Width(name: "Mac", option: "mac", platform: .macOS, screen: 1470, popover: 340, inline: 560,
              textSizes: [.macDefault]),
    ]

    /// The width `--width` calls `option`, if any.
    public static func width(option: String) -> Width? {
        widths.first { $0.option == option.lowercased() }
    }

    /// A text size: the Dynamic Type setting TipsUI's card is made for, and the point sizes
    /// (CSS pixels) of the text styles the card uses at it.
    public struct TextSize: Sendable, Hashable {
        /// `large`, `accessibility5`: the word diagnostics use.
        public var name: String
        /// What the card's layout rules read (image placement, action axis).
        public var contentSize: TipContentSize
        /// `.headline`, the title.
        public var title: Int
        /// `.subheadline`, the message.
        public var message: Int
        /// `.body`, the action buttons.
        public var action: Int

        /// Whether this is the default size of its platform (line budgets apply there).
        public var isDefault: Bool { !contentSize.isAccessibilitySize }

        /// iOS and iPadOS at the default setting: headline 17, subheadline 15, body 17.
        public static let large = TextSize(name: "large", contentSize: .large, title: 17, message: 15, action: 17)
        /// The largest accessibility size: headline 53, subheadline 49, body 53.
        public static let accessibility5 = TextSize(name: "accessibility5", contentSize: .accessibility5,
                                                    title: 53, message: 49, action: 53)
        /// macOS: headline 13, subheadline 11, body 13 (fixed; no Dynamic Type).
        public static let macDefault = TextSize(name: "large", contentSize: .large, title: 13, message: 11, action: 13)
    }

    /// How a tip is presented.
    public enum Presentation: String, Sendable, Hashable, CaseIterable {
        /// A popover beside its anchor (`.tipsPopover`).
        case popover
        /// A card in the layout (`TipsView`).
        case inline
    }

    /// The colour schemes, as TipsUI names them, with the page's word for each.
    public static let schemes: [(scheme: TipColorScheme, name: String)] = [(.light, "light"), (.dark, "dark")]

    /// The most lines a text may take at its platform's default text size before the page
    /// truncates it: a title two, a message five, an action one (a button truncates).
    public static func lineBudget(role: String) -> Int {
        if role == "title" { return 2 }
        if role == "message" { return 5 }
        return 1
    }
}
