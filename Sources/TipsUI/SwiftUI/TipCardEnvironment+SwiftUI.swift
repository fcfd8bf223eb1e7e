#if canImport(SwiftUI)
import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension TipCardEnvironment {
    /// The settings SwiftUI's environment holds.
    public init(dynamicTypeSize: DynamicTypeSize, layoutDirection: LayoutDirection, reduceMotion: Bool,
                colorScheme: ColorScheme) {
        self.init(layoutDirection: layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                  contentSize: TipContentSize(dynamicTypeSize), reduceMotion: reduceMotion,
                  colorScheme: colorScheme == .dark ? .dark : .light)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension TipContentSize {
    /// The size of SwiftUI's `DynamicTypeSize` (a size added later counts as `large`).
    public init(_ size: DynamicTypeSize) {
        switch size {
        case .xSmall: self = .xSmall
        case .small: self = .small
        case .medium: self = .medium
        case .large: self = .large
        case .xLarge: self = .xLarge
        case .xxLarge: self = .xxLarge
        case .xxxLarge: self = .xxxLarge
        case .accessibility1: self = .accessibility1
        case .accessibility2: self = .accessibility2
        case .accessibility3: self = .accessibility3
        case .accessibility4: self = .accessibility4
        case .accessibility5: self = .accessibility5
        @unknown default: self = size.isAccessibilitySize ? .accessibility1 : .large
        }
    }
}
#endif
