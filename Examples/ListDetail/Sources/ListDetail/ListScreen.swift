import Foundation
import TipsRuntime

/// The list: items, favourites first, and two tips that want the same popover slot, the
/// favourites-first tip and the swipe tip. A `TipScreenCoordinator` lets them take turns:
/// one popover at a time, the next offered when the current one ends, and the store's
/// display record always what is on screen. The views (ListView, ListViewController) draw
/// `tips.popover`; tests read it.
@MainActor public final class ListScreen {
    public let store: TipStore
    private let items: Locked<[Item]>
    /// The list's tips: `tips.popover` is the popover on screen, if any.
    public let tips: TipScreenCoordinator

    public init(store: TipStore, items: [Item]) throws {
        self.store = store
        self.items = Locked(items)
        tips = TipScreenCoordinator(store: store)
        // In this order when both are available: the first favourite explains the order.
        try tips.add(.favoritesFirstTip, as: .popover)
        try tips.add(.swipeTip, as: .popover)
        try store.setParameter(.itemCount, to: items.count)
    }

    /// The rows as shown: favourites first, then by title.
    public var rows: [Item] {
        items.value.sorted { ($0.isFavorite ? 0 : 1, $0.title) < ($1.isFavorite ? 0 : 1, $1.title) }
    }

    /// Opens the detail screen of `id`.
    public func open(_ id: Int) throws -> DetailScreen {
        guard let item = items.value.first(where: { $0.id == id }) else { throw ListError.noSuchItem(id) }
        return try DetailScreen(item: item, store: store) { [items] updated in
            items.update { list in
                if let i = list.firstIndex(where: { $0.id == updated.id }) { list[i] = updated }
            }
        }
    }

    /// Swipe-to-favourite from the list.
    public func swipeToFavorite(_ id: Int) throws {
        items.update { list in
            if let i = list.firstIndex(where: { $0.id == id }) { list[i].isFavorite = true }
        }
        try store.donate(.itemFavorited(source: .swipe))
    }

    /// The close button of the popover tip on screen.
    public func closeTip() {
        if let tip = tips.popoverTip { tips.close(tip) }
    }

    /// The user tapped outside the popover: it goes, the next tip may come.
    public func tipDismissedByUser() {
        if let tip = tips.popoverTip { tips.userDismissed(tip) }
    }

    /// The screen goes away.
    public func stop() { tips.stop() }
}

/// Errors of the list.
public enum ListError: Error, Equatable {
    case noSuchItem(Int)
}
