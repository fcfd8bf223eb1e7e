import Foundation
import TipsBytecode

/// The platform the app runs on, which `message ... when platform == macOS` and
/// `action "id" when platform != watchOS` test. A store starts with ``current`` and can be
/// told another (``TipStore/setPlatform(_:)``), e.g. by tests or previews.
public enum TipPlatform: String, Hashable, Sendable, CaseIterable {
    case iOS, iPadOS, macOS, tvOS, visionOS, watchOS

    /// The platform the app runs on, from the system. Mac Catalyst and iPhone or iPad apps
    /// running on a Mac count as macOS, since they run on a Mac; an iOS app on an iPad
    /// (the model identifier, or the simulated one, starts with `iPad`) as iPadOS. Other
    /// systems (Linux, where the tools run) count as iOS, TipKit's first home. An app or a
    /// test may say otherwise with ``TipStore/setPlatform(_:)``.
    public static var current: TipPlatform {
        #if targetEnvironment(macCatalyst) || os(macOS)
        return .macOS
        #elseif os(visionOS)
        return .visionOS
        #elseif os(watchOS)
        return .watchOS
        #elseif os(tvOS)
        return .tvOS
        #elseif os(iOS)
        return ProcessInfo.processInfo.isiOSAppOnMac ? .macOS : (isPad ? .iPadOS : .iOS)
        #else
        return .iOS
        #endif
    }

    #if os(iOS) && !targetEnvironment(macCatalyst)
    /// Whether the device is an iPad: its model identifier (`hw.machine`, or the simulated
    /// device's), read without UIKit, which would need the main actor.
    private static var isPad: Bool {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"] {
            return simulated.hasPrefix("iPad")
        }
        var size = 0
        guard sysctlbyname("hw.machine", nil, &size, nil, 0) == 0, size > 0 else { return false }
        var bytes = [CChar](repeating: 0, count: size)
        guard sysctlbyname("hw.machine", &bytes, &size, nil, 0) == 0 else { return false }
        return bytes.starts(with: "iPad".utf8CString.dropLast())
    }
    #endif

    /// Its bit in a bundle's platform mask.
    var bundleBit: UInt8 { 1 << bundlePlatform.rawValue }

    /// The same platform as bundles encode it (what rules' `platformIn` tests).
    var bundlePlatform: BundlePlatform { BundlePlatform(name: rawValue) ?? .iOS }
}
