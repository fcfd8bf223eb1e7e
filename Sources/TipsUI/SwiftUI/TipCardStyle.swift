#if canImport(SwiftUI)
import SwiftUI
import TipsRuntime

/// What a style gets to draw one card: the card as data and the two things its buttons do.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct TipCardStyleConfiguration {
    /// The card: texts, image, buttons, VoiceOver labels, layout for the reader's settings.
    public let card: TipCard
    /// Performs one of the tip's actions (an action button, a VoiceOver action).
    public let perform: @MainActor (TipAction) -> Void
    /// Closes the tip for good (the close button, VoiceOver's Close).
    public let close: @MainActor () -> Void
}

/// A look for tip cards, like TipKit's `TipViewStyle`: `TipsView(model, style: MyStyle())`
/// or `.tipsPopover(model, style: MyStyle())`. `DefaultTipCardStyle` is the standard one.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor public protocol TipCardStyle {
    /// The view of one card.
    associatedtype Body: View
    /// The view of `configuration.card`.
    @ViewBuilder func makeBody(configuration: TipCardStyleConfiguration) -> Body
}

/// The standard card: image, title, message and close button in a row (the image above at
/// the accessibility text sizes), the action buttons below, on the system's regular
/// material (which follows light and dark mode), read by VoiceOver as one element with
/// the actions and Close as its actions.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct DefaultTipCardStyle: TipCardStyle {
    public init() {}

    public func makeBody(configuration: TipCardStyleConfiguration) -> some View {
        DefaultTipCardBody(configuration: configuration)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct DefaultTipCardBody: View {
    let configuration: TipCardStyleConfiguration

    var body: some View {
        let card = configuration.card
        VStack(alignment: .leading, spacing: card.appearance.spacing) {
            HStack(alignment: .top, spacing: card.appearance.spacing) {
                if let image = card.image, image.placement == .leading { TipCardImageView(image: image) }
                VStack(alignment: .leading, spacing: 4) {
                    if let image = card.image, image.placement == .above { TipCardImageView(image: image) }
                    Text(verbatim: card.title).font(.headline)
                    if let message = card.message {
                        Text(verbatim: message).font(.subheadline).foregroundStyle(.secondary)
                    }
                }
                .accessibilityElement(children: .combine)
                .accessibilityLabel(Text(verbatim: card.accessibilityLabel))
                .accessibilityActions {
                    ForEach(card.accessibilityActions, id: \.self) { button in
                        Button(action: { trigger(button) }) { Text(verbatim: button.accessibilityLabel) }
                    }
                }
                Spacer(minLength: 0)
                if let close = card.closeButton {
                    Button(action: configuration.close) { Image(systemName: close.systemImage ?? "xmark") }
                        .accessibilityLabel(Text(verbatim: close.accessibilityLabel))
                }
            }
            if card.actionsAxis == .horizontal {
                HStack(spacing: card.appearance.spacing) { actionButtons(card) }
            } else {
                VStack(alignment: .leading, spacing: card.appearance.spacing) { actionButtons(card) }
            }
        }
        .padding(card.appearance.padding)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: card.appearance.cornerRadius))
    }

    private func actionButtons(_ card: TipCard) -> some View {
        ForEach(card.actions, id: \.self) { button in
            Button(action: { trigger(button) }) { Text(verbatim: button.title) }
        }
    }

    private func trigger(_ button: TipCardButton) {
        switch button.role {
        case .action(let action): configuration.perform(action)
        case .close: configuration.close()
        }
    }
}

/// The card's image: an SF Symbol or an asset, at the card's image size.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct TipCardImageView: View {
    let image: TipCardImage

    var body: some View {
        (image.kind == .asset ? Image(image.name) : Image(systemName: image.name))
            .resizable()
            .scaledToFit()
            .frame(width: image.size, height: image.size)
            .accessibilityHidden(true)
    }
}
#endif
