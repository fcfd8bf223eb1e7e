/// What the card's look depends on besides the tip: the reader's settings, as the views
/// read them from SwiftUI's environment or UIKit's trait collection.
public struct TipCardEnvironment: Hashable, Sendable {
    /// Right-to-left or left-to-right.
    public var layoutDirection: TipLayoutDirection
    /// The preferred text size (Dynamic Type).
    public var contentSize: TipContentSize
    /// Reduce Motion is on: the card fades instead of sliding in.
    public var reduceMotion: Bool
    /// Light or dark mode.
    public var colorScheme: TipColorScheme

    /// The defaults: left-to-right, `large` text, motion allowed, light mode.
    public init(layoutDirection: TipLayoutDirection = .leftToRight, contentSize: TipContentSize = .large,
                reduceMotion: Bool = false, colorScheme: TipColorScheme = .light) {
        self.layoutDirection = layoutDirection
        self.contentSize = contentSize
        self.reduceMotion = reduceMotion
        self.colorScheme = colorScheme
    }
}
