/// The user's preferred text size (Dynamic Type), as SwiftUI's `DynamicTypeSize` and
/// UIKit's `UIContentSizeCategory` name it: the card switches to its roomier layout at the
/// accessibility sizes.
public enum TipContentSize: Int, CaseIterable, Comparable, Hashable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// One of the five accessibility sizes (larger than `xxxLarge`).
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (a: TipContentSize, b: TipContentSize) -> Bool { a.rawValue < b.rawValue }
}
