#if canImport(UIKit) && !os(tvOS)
import UIKit
import TipsRuntime
import TipsUI

/// The list in UIKit: the same two tips, presented by `TipScreenPopovers` from this view
/// controller, anchored on the header and on the rows. Compiled only where UIKit exists
/// (type-checked here against a stub UIKit: scripts/check-views.sh).
@available(iOS 17, *)
public final class ListViewController: UIViewController {
    private let list: ListScreen
    private let header = UILabel(frame: .zero)
    private let rowsView = UIStackView(frame: .zero)
    private var popovers: TipScreenPopovers?

    public init(list: ListScreen) {
        self.list = list
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) { nil }

    public override func loadView() {
        let stack = UIStackView(frame: .zero)
        stack.axis = .vertical
        header.text = "Items"
        header.font = UIFont.preferredFont(forTextStyle: .headline)
        stack.addArrangedSubview(header)
        rowsView.axis = .vertical
        for item in list.rows {
            let row = UILabel(frame: .zero)
            row.text = item.title
            rowsView.addArrangedSubview(row)
        }
        stack.addArrangedSubview(rowsView)
        view = stack
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // From here the anchors are on screen: the coordinator may put a popover up.
        let popovers = TipScreenPopovers(screen: list.tips, viewController: self)
        popovers.anchor(.favoritesFirstTip, on: header)
        popovers.anchor(.swipeTip, on: rowsView)
        self.popovers = popovers
    }
}
#endif
