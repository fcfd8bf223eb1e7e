#if canImport(UIKit) && !os(tvOS)   // popovers and the system background colors: iOS, Mac Catalyst, visionOS
import UIKit
import TipsRuntime

/// An inline tip card for UIKit, like TipKit's `TipUIView`: set `content` (nil hides the
/// card) and handle `onClose` and `onAction`. The card follows Dynamic Type, right-to-left
/// and dark mode by itself (system fonts and colors, a stack view laid out by leading and
/// trailing edges) and rebuilds its layout when the text size or the layout direction
/// changes. Subclass and override `makeCard(_:)`'s result use (`apply(_:)`) to restyle it.
@available(iOS 17, visionOS 1, *)
@MainActor open class TipsUIView: UIStackView {
    /// The tip to show; nil hides the view.
    public var content: TipContent? { didSet { rebuild() } }
    /// Measurements and optional parts.
    public var appearance = TipCardAppearance() { didSet { rebuild() } }
    /// The card's own words (Close, Tip).
    public var strings = TipCardStrings() { didSet { rebuild() } }
    /// How the tip's texts are localized (the app's main bundle by default).
    public var localizer: TipLocalizer = .bundle(.main) { didSet { rebuild() } }
    /// The close button (and VoiceOver's Close): close the tip for good.
    public var onClose: (() -> Void)?
    /// An action button (and VoiceOver's action), as the generated `TipAction`.
    public var onAction: ((TipAction) -> Void)?
    /// The card shown now.
    public private(set) var card: TipCard?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        axis = .vertical
        alignment = .fill
        isLayoutMarginsRelativeArrangement = true
        backgroundColor = .secondarySystemBackground
        layer.cornerRadius = appearance.cornerRadius
        registerForTraitChanges([UITraitPreferredContentSizeCategory.self, UITraitLayoutDirection.self]) { (view: TipsUIView, _: UITraitCollection) in
            view.rebuild()
        }
        rebuild()
    }

    /// Lays the card out again from `content` and the current traits.
    open func rebuild() {
        for view in arrangedSubviews { view.removeFromSuperview() }
        guard let content else {
            card = nil
            isHidden = true
            return
        }
        let card = TipCard(content, environment: TipCardEnvironment(traits: traitCollection), appearance: appearance,
                           strings: strings, localizer: localizer)
        self.card = card
        isHidden = false
        apply(card)
    }

    /// Builds the views of `card` into this stack view.
    open func apply(_ card: TipCard) {
        spacing = card.appearance.spacing
        layer.cornerRadius = card.appearance.cornerRadius
        let inset = card.appearance.padding
        directionalLayoutMargins = NSDirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)

        let text = UIStackView(frame: .zero)
        text.axis = .vertical
        text.spacing = 4
        if let image = card.image, image.placement == .above { text.addArrangedSubview(Self.imageView(image)) }
        text.addArrangedSubview(Self.label(card.title, style: .headline, color: .label))
        if let message = card.message { text.addArrangedSubview(Self.label(message, style: .subheadline, color: .secondaryLabel)) }
        // VoiceOver reads the texts as one element and offers the actions and Close on it.
        text.isAccessibilityElement = true
        text.accessibilityLabel = card.accessibilityLabel
        text.accessibilityCustomActions = card.accessibilityActions.map { button in
            UIAccessibilityCustomAction(name: button.accessibilityLabel) { [weak self] _ in
                self?.trigger(button)
                return true
            }
        }

        let row = UIStackView(frame: .zero)
        row.axis = .horizontal
        row.alignment = .top
        row.spacing = card.appearance.spacing
        if let image = card.image, image.placement == .leading { row.addArrangedSubview(Self.imageView(image)) }
        row.addArrangedSubview(text)
        if let close = card.closeButton {
            let button = UIButton(type: .system, primaryAction: UIAction(image: UIImage(systemName: close.systemImage ?? "xmark")) { [weak self] _ in
                self?.trigger(close)
            })
            button.accessibilityLabel = close.accessibilityLabel
            row.addArrangedSubview(button)
        }
        addArrangedSubview(row)

        if !card.actions.isEmpty {
            let actions = UIStackView(frame: .zero)
            actions.axis = card.actionsAxis == .horizontal ? .horizontal : .vertical
            actions.alignment = .leading
            actions.spacing = card.appearance.spacing
            for action in card.actions {
                actions.addArrangedSubview(UIButton(type: .system, primaryAction: UIAction(title: action.title) { [weak self] _ in
                    self?.trigger(action)
                }))
            }
            addArrangedSubview(actions)
        }
    }

    private func trigger(_ button: TipCardButton) {
        switch button.role {
        case .action(let action): onAction?(action)
        case .close: onClose?()
        }
    }

    private static func label(_ text: String, style: UIFont.TextStyle, color: UIColor) -> UILabel {
        let label = UILabel(frame: .zero)
        label.text = text
        label.font = UIFont.preferredFont(forTextStyle: style)
        label.adjustsFontForContentSizeCategory = true
        label.textColor = color
        label.numberOfLines = 0
        return label
    }

    private static func imageView(_ image: TipCardImage) -> UIImageView {
        let view = UIImageView(image: image.kind == .asset ? UIImage(named: image.name) : UIImage(systemName: image.name))
        view.contentMode = .scaleAspectFit
        view.isAccessibilityElement = false
        view.widthAnchor.constraint(equalToConstant: image.size).isActive = true
        view.heightAnchor.constraint(equalToConstant: image.size).isActive = true
        return view
    }
}
#endif
