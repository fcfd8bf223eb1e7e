import TipsRuntime

/// Everything a tip card shows and says, decided here so the SwiftUI and UIKit views only
/// draw it: texts resolved through the localizer, the image and where it sits, the action
/// buttons and the close button with their VoiceOver labels, VoiceOver's reading of the
/// whole card and its actions, and the layout and motion the reader's settings ask for.
///
/// The rules, as data the tests check on Linux:
/// - the title always shows; the message and the image when the tip declares them (the
///   image also only with `appearance.showsImage`);
/// - at the accessibility text sizes the image moves above the text and the actions stack
///   in a column; they also stack when there are more than two;
/// - VoiceOver reads the card as one element, "Tip: <title>. <message>", and offers each
///   action and Close as its actions (Close even when the close button is hidden);
/// - Reduce Motion turns the slide into a fade;
/// - right-to-left only mirrors: the close button stays at the trailing edge.
public struct TipCard: Hashable, Sendable {
    /// The tip as addressed.
    public var tip: TipKey
    /// Its resolved id.
    public var id: String
    /// The title.
    public var title: String
    /// The message, when the tip has one.
    public var message: String?
    /// The image, when the tip has one and the appearance shows it.
    public var image: TipCardImage?
    /// The action buttons, in declaration order.
    public var actions: [TipCardButton]
    /// The close button, unless the appearance hides it.
    public var closeButton: TipCardButton?
    /// What VoiceOver reads for the card.
    public var accessibilityLabel: String
    /// What VoiceOver offers as the card's actions: each action, then Close.
    public var accessibilityActions: [TipCardButton]
    /// How the action buttons are laid out.
    public var actionsAxis: TipCardAxis
    /// How the card comes and goes.
    public var motion: TipCardMotion
    /// The settings the card was made for.
    public var environment: TipCardEnvironment
    /// The measurements the views use.
    public var appearance: TipCardAppearance

    /// The card of `content` for a reader with `environment`.
    public init(_ content: TipContent, environment: TipCardEnvironment = TipCardEnvironment(),
                appearance: TipCardAppearance = TipCardAppearance(), strings: TipCardStrings = TipCardStrings(),
                localizer: TipLocalizer = .fallback) {
        tip = content.tip
        id = content.id
        title = localizer(content.title, arguments: content.arguments)
        message = content.message.map { localizer($0, arguments: content.arguments) }
        let roomy = environment.contentSize.isAccessibilitySize
        if appearance.showsImage, let name = content.image {
            image = TipCardImage(name: name, kind: content.imageKind, placement: roomy ? .above : .leading,
                                 size: appearance.imageSize)
        }
        actions = content.actions.map { action in
            let title = localizer(action.title, arguments: content.arguments)
            return TipCardButton(role: .action(action.action), title: title, accessibilityLabel: title)
        }
        let closeLabel = localizer(strings.close)
        let close = TipCardButton(role: .close, title: "", accessibilityLabel: closeLabel, systemImage: "xmark")
        closeButton = appearance.showsCloseButton ? close : nil
        accessibilityLabel = Self.spoken(prefix: localizer(strings.tip), title: title, message: message)
        accessibilityActions = actions + [close]
        actionsAxis = roomy || actions.count > 2 ? .vertical : .horizontal
        motion = environment.reduceMotion ? .fade : .slideAndFade
        self.environment = environment
        self.appearance = appearance
    }

    /// "Tip: Title. Message": a full stop after the title unless it ends a sentence already.
    static func spoken(prefix: String, title: String, message: String?) -> String {
        var text = prefix.isEmpty ? title : "\(prefix): \(title)"
        guard let message, !message.isEmpty else { return text }
        if let last = title.last, !".!?…:;".contains(last) { text += "." }
        return text + " " + message
    }
}
