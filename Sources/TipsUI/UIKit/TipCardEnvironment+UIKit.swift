#if canImport(UIKit) && !os(tvOS)   // popovers and the system background colors: iOS, Mac Catalyst, visionOS
import UIKit

@available(iOS 17, visionOS 1, *)
extension TipCardEnvironment {
    /// The settings of a UIKit trait collection, and Reduce Motion.
    @MainActor public init(traits: UITraitCollection, reduceMotion: Bool = UIAccessibility.isReduceMotionEnabled) {
        self.init(layoutDirection: traits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                  contentSize: TipContentSize(traits.preferredContentSizeCategory), reduceMotion: reduceMotion,
                  colorScheme: traits.userInterfaceStyle == .dark ? .dark : .light)
    }
}

@available(iOS 17, visionOS 1, *)
extension TipContentSize {
    /// The size of a `UIContentSizeCategory` (`unspecified` and unknown ones count as `large`).
    public init(_ category: UIContentSizeCategory) {
        let sizes: [UIContentSizeCategory: TipContentSize] = [
            .extraSmall: .xSmall, .small: .small, .medium: .medium, .large: .large, .extraLarge: .xLarge,
            .extraExtraLarge: .xxLarge, .extraExtraExtraLarge: .xxxLarge, .accessibilityMedium: .accessibility1,
            .accessibilityLarge: .accessibility2, .accessibilityExtraLarge: .accessibility3,
            .accessibilityExtraExtraLarge: .accessibility4, .accessibilityExtraExtraExtraLarge: .accessibility5,
        ]
        self = sizes[category] ?? .large
    }
}
#endif
