import Foundation
import TipsRuntime

/// The detail screen of one item, with its favourite (heart) button and the tip that
/// teaches it. As in the blog post's `TipPresenter`: the screen owns a presenter that puts
/// the tip's popover up and takes it down as the tip's status changes.
public final class DetailScreen: Sendable {
    private let store: TipStore
    private let state: Locked<Item>
    private let onChange: @Sendable (Item) -> Void
    /// The favourite tip's popover, anchored on the heart button.
    public let favoriteTip = Popover()
    private let presenter: TipPresenter

    init(item: Item, store: TipStore, onChange: @escaping @Sendable (Item) -> Void) throws {
        self.store = store
        self.state = Locked(item)
        self.onChange = onChange
        let popover = favoriteTip
        // The visit counts before the presenter looks, so the second visit shows the tip.
        try store.donate(.detailViewed)
        presenter = try TipPresenter(store: store, tip: .favoriteTip,
                                     present: { popover.show($0) }, dismiss: { popover.hide() })
    }

    /// The item shown.
    public var item: Item { state.value }

    /// The heart button.
    public func toggleFavorite() throws {
        let updated = state.update { item -> Item in
            item.isFavorite.toggle()
            return item
        }
        onChange(updated)
        if updated.isFavorite { try store.donate(.itemFavorited(source: .button)) }
    }

    /// The close button of the tip's popover.
    public func closeTip() throws { try presenter.close() }

    /// The user tapped outside the popover and the toolkit took it away: the presentation
    /// ends, the tip is not closed for good, and this screen doesn't show it again.
    public func tipDismissedByUser() {
        favoriteTip.hide()            // the toolkit already took it off screen: no `dismiss` comes
        presenter.userDismissed()
    }

    /// A button of the tip: "learn-more" opens help (not modelled here) and keeps the tip.
    public func tipAction(_ action: TipAction) throws {
        try store.perform(action, of: .favoriteTip)
    }

    /// The screen goes away: ends the presentation if one is on screen.
    public func stop() { presenter.stop() }
}
