#if canImport(UIKit) && !os(tvOS)   // popovers and the system background colors: iOS, Mac Catalyst, visionOS
import UIKit
import TipsRuntime

/// A tip card in a popover, like TipKit's `TipUIPopoverViewController`: anchored on
/// `sourceItem`, a popover on iPhone too, with the anchor among the views that receive
/// taps while it is up (so the control the tip teaches still works). The close button,
/// the actions and a tap outside are reported through `onClose`, `onAction` and
/// `onDismissedByUser`; UIKit calls the last only for a dismissal by the user.
@available(iOS 17, visionOS 1, *)
@MainActor open class TipsPopoverViewController: UIViewController, UIPopoverPresentationControllerDelegate {
    /// The card.
    public let cardView = TipsUIView(frame: .zero)
    /// The close button: close the tip for good.
    public var onClose: (() -> Void)? {
        get { cardView.onClose }
        set { cardView.onClose = newValue }
    }
    /// An action button, as the generated `TipAction`.
    public var onAction: ((TipAction) -> Void)? {
        get { cardView.onAction }
        set { cardView.onAction = newValue }
    }
    /// A tap outside took the popover away (not called after `dismiss(animated:)`).
    public var onDismissedByUser: (() -> Void)?
    private weak var anchor: UIView?

    /// The popover of `content`, anchored on `sourceItem`, which keeps receiving taps.
    public init(_ content: TipContent, sourceItem: UIView) {
        anchor = sourceItem
        super.init(nibName: nil, bundle: nil)
        cardView.content = content
        modalPresentationStyle = .popover
        popoverPresentationController?.sourceItem = sourceItem
        popoverPresentationController?.delegate = self
    }

    public required init?(coder: NSCoder) { nil }

    open override func loadView() { view = cardView }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // UIKit sets the list itself while presenting: set it once the popover is up.
        if let anchor { popoverPresentationController?.passthroughViews = [anchor] }
    }

    /// Keeps the popover a popover in compact widths (iPhone).
    public func adaptivePresentationStyle(for controller: UIPresentationController,
                                          traitCollection: UITraitCollection) -> UIModalPresentationStyle { .none }

    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        onDismissedByUser?()
    }
}
#endif
