#if canImport(SwiftUI)
import SwiftUI
import TipsRuntime

/// An inline tip card, like TipKit's `TipView`: shows the tip while it is available, nothing
/// otherwise, and takes the layout space only while shown. The close button closes the tip
/// for good, the action buttons perform its actions (heard by `onAction` as generated
/// `TipAction`s), and the reader's Dynamic Type size, Reduce Motion, layout direction and
/// color scheme shape the card (see `TipCard`).
///
///     TipsView(favoriteTip)                            // a TipModel
///     TipsView(.favoriteTip, in: screenTips)           // a tip of a TipScreenCoordinator
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct TipsView<Style: TipCardStyle>: View {
    private let read: @MainActor () -> TipContent?
    private let perform: @MainActor (TipAction) -> Void
    private let close: @MainActor () -> Void
    private let style: Style
    private let appearance: TipCardAppearance
    private let strings: TipCardStrings
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    @Environment(\.layoutDirection) private var layoutDirection
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @Environment(\.colorScheme) private var colorScheme

    /// The card of `model`'s tip, drawn by `style`.
    public init(_ model: TipModel, style: Style, appearance: TipCardAppearance = TipCardAppearance(),
                strings: TipCardStrings = TipCardStrings()) {
        read = { model.content }
        perform = { action in model.perform(action) }
        close = { model.close() }
        self.style = style
        self.appearance = appearance
        self.strings = strings
    }

    /// The card of `tip` on `screen` (an inline tip of a coordinator), drawn by `style`.
    public init(_ tip: TipKey, in screen: TipScreenCoordinator, style: Style,
                appearance: TipCardAppearance = TipCardAppearance(), strings: TipCardStrings = TipCardStrings()) {
        read = { screen.content(of: tip) }
        perform = { action in screen.perform(action, of: tip) }
        close = { screen.close(tip) }
        self.style = style
        self.appearance = appearance
        self.strings = strings
    }

    public var body: some View {
        // Read here, in `body`, so that SwiftUI tracks the model and redraws on its changes.
        let content = read()
        let environment = TipCardEnvironment(dynamicTypeSize: dynamicTypeSize, layoutDirection: layoutDirection,
                                             reduceMotion: reduceMotion, colorScheme: colorScheme)
        VStack {
            if let content {
                let card = TipCard(content, environment: environment, appearance: appearance, strings: strings,
                                   localizer: .bundle(.main))
                style.makeBody(configuration: TipCardStyleConfiguration(card: card, perform: perform, close: close))
                    .transition(card.motion == .fade ? .opacity : .move(edge: .top).combined(with: .opacity))
            }
        }
        .animation(reduceMotion ? nil : .default, value: content?.id)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension TipsView where Style == DefaultTipCardStyle {
    /// The card of `model`'s tip in the standard style.
    public init(_ model: TipModel, appearance: TipCardAppearance = TipCardAppearance(),
                strings: TipCardStrings = TipCardStrings()) {
        self.init(model, style: DefaultTipCardStyle(), appearance: appearance, strings: strings)
    }

    /// The card of `tip` on `screen` in the standard style.
    public init(_ tip: TipKey, in screen: TipScreenCoordinator, appearance: TipCardAppearance = TipCardAppearance(),
                strings: TipCardStrings = TipCardStrings()) {
        self.init(tip, in: screen, style: DefaultTipCardStyle(), appearance: appearance, strings: strings)
    }
}
#endif
