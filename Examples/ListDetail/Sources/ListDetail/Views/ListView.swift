#if canImport(SwiftUI)
import SwiftUI
import TipsRuntime
import TipsUI

/// The list in SwiftUI: the header anchors the favourites-first tip, the rows the swipe
/// tip; the screen's coordinator shows one of them at a time. Compiled only where SwiftUI
/// exists (type-checked here against a stub SwiftUI: scripts/check-views.sh).
@available(iOS 17, macOS 14, *)
public struct ListView: View {
    let list: ListScreen

    public init(list: ListScreen) { self.list = list }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(verbatim: "Items")
                .font(.headline)
                .tipsPopover(.favoritesFirstTip, in: list.tips)
            VStack(alignment: .leading, spacing: 4) {
                ForEach(list.rows, id: \.id) { item in
                    Text(verbatim: item.isFavorite ? "♥ " + item.title : item.title)
                }
            }
            .tipsPopover(.swipeTip, in: list.tips)
        }
    }
}
#endif
