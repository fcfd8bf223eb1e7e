import TipsBytecode

/// The platform the app runs on, which `message ... when platform == macOS` and
/// `action "id" when platform != watchOS` test. A store starts with ``current`` and can be
/// told another (``TipStore/setPlatform(_:)``), e.g. by tests or previews.
public enum TipPlatform: String, Hashable, Sendable, CaseIterable {
    case iOS, iPadOS, macOS, tvOS, visionOS, watchOS

    /// The platform this code was built for. Mac Catalyst counts as macOS, since its apps
    /// run on a Mac. An iPad also reports iOS here (telling them apart needs the device
    /// idiom, read on the main actor), so an app on an iPad calls `setPlatform(.iPadOS)`.
    /// Other systems (Linux, where the tools run) count as iOS, TipKit's first home.
    public static var current: TipPlatform {
        #if targetEnvironment(macCatalyst) || os(macOS)
        return .macOS
        #elseif os(visionOS)
        return .visionOS
        #elseif os(watchOS)
        return .watchOS
        #elseif os(tvOS)
        return .tvOS
        #else
        return .iOS
        #endif
    }

    /// Its bit in a bundle's platform mask.
    var bundleBit: UInt8 { 1 << (BundlePlatform(name: rawValue)?.rawValue ?? 0) }
}
