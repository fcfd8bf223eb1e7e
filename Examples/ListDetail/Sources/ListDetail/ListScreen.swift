import Foundation
import TipsRuntime

/// The list: items, favourites first, and the swipe tip above them.
public final class ListScreen: Sendable {
    public let store: TipStore
    private let items: Locked<[Item]>
    /// The swipe tip's popover.
    public let swipeTip = Popover()
    private let presenter: TipPresenter

    public init(store: TipStore, items: [Item]) throws {
        self.store = store
        self.items = Locked(items)
        let popover = swipeTip
        presenter = try TipPresenter(store: store, tip: .swipeTip,
                                     present: { popover.show($0) }, dismiss: { popover.hide() })
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

    /// The close button of the swipe tip's popover.
    public func closeSwipeTip() throws { try presenter.close() }

    /// The screen goes away.
    public func stop() { presenter.stop() }
}

/// Errors of the list.
public enum ListError: Error, Equatable {
    case noSuchItem(Int)
}
