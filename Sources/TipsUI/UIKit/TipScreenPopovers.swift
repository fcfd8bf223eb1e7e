#if canImport(UIKit) && !os(tvOS)   // popovers and the system background colors: iOS, Mac Catalyst, visionOS
import UIKit
import TipsRuntime

/// The UIKit side of a `TipScreenCoordinator`: presents the screen's one popover tip from
/// `viewController`, anchored on the view registered for it, and dismisses it when the
/// coordinator takes it down; reports the close button, the actions and a tap outside
/// back. A popover tip is declined (nothing recorded) while its anchor is off screen or
/// `viewController` presents something else; call `screen.retry()` when that ends.
///
///     popovers = TipScreenPopovers(screen: tips, viewController: self)
///     popovers.anchor(.swipeTip, on: listHeader)
@available(iOS 17, visionOS 1, *)
@MainActor public final class TipScreenPopovers {
    /// The screen's tips.
    public let screen: TipScreenCoordinator
    private weak var viewController: UIViewController?
    private var anchors: [TipKey: Anchor] = [:]
    private weak var shown: TipsPopoverViewController?
    private var shownTip: TipKey?

    private struct Anchor {
        weak var view: UIView?
    }

    public init(screen: TipScreenCoordinator, viewController: UIViewController) {
        self.screen = screen
        self.viewController = viewController
        screen.popoverGate = { [weak self] tip in self?.canPresent(tip) ?? false }
        screen.onChange = { [weak self] in self?.update() }
    }

    /// Anchors `tip`'s popover on `view`.
    public func anchor(_ tip: TipKey, on view: UIView) {
        anchors[tip] = Anchor(view: view)
        screen.retry()
    }

    private func canPresent(_ tip: TipKey) -> Bool {
        guard let viewController, viewController.presentedViewController == nil,
              let view = anchors[tip]?.view, view.window != nil else { return false }
        return true
    }

    private func update() {
        if let shownTip, shownTip != screen.popoverTip {
            shown?.dismiss(animated: true)
            self.shownTip = nil
        }
        guard shownTip == nil, let tip = screen.popoverTip, let content = screen.popover,
              let view = anchors[tip]?.view, let viewController else { return }
        let popover = TipsPopoverViewController(content, sourceItem: view)
        let screen = self.screen
        popover.onClose = { screen.close(tip) }
        popover.onAction = { action in screen.perform(action, of: tip) }
        popover.onDismissedByUser = { screen.userDismissed(tip) }
        viewController.present(popover, animated: true)
        shown = popover
        shownTip = tip
    }
}
#endif
