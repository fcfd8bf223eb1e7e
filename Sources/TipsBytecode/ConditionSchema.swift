/// A platform a tip can be shown on, as bundles encode it: the raw value is its bit in a
/// ``ConditionSchema``'s platform mask (the runtime's `TipPlatform` has the same cases).
public enum BundlePlatform: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case iOS = 0, iPadOS = 1, macOS = 2, tvOS = 3, visionOS = 4, watchOS = 5

    /// The name written in `.tips` (`platform == macOS`).
    public var description: String {
        switch self {
        case .iOS: "iOS"
        case .iPadOS: "iPadOS"
        case .macOS: "macOS"
        case .tvOS: "tvOS"
        case .visionOS: "visionOS"
        case .watchOS: "watchOS"
        }
    }

    /// The platform named `name` in `.tips`, if any.
    public init?(name: String) {
        guard let p = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = p
    }
}

/// The `when` condition of a tip's message or one of its actions (format version 5): the item
/// is shown while the app runs on one of `platforms` and program `program` returns true.
public struct ConditionSchema: Hashable, Sendable {
    /// Index into the bundle's tips.
    public var tip: UInt32
    /// `noIndex` for the tip's message, else an index into its actions.
    public var item: UInt32
    /// One bit per ``BundlePlatform`` (raw value = bit), never 0; ``allPlatforms``: any.
    public var platforms: UInt8
    /// A Bool program, or `noIndex` when the condition only tests the platform.
    public var program: UInt32

    /// Every platform's bit.
    public static let allPlatforms: UInt8 = 0b11_1111

    public init(tip: UInt32, item: UInt32, platforms: UInt8 = allPlatforms, program: UInt32 = noIndex) {
        self.tip = tip
        self.item = item
        self.platforms = platforms
        self.program = program
    }

    /// Whether the condition lets the item show on `platform` (the program aside).
    public func allows(_ platform: BundlePlatform) -> Bool { platforms & (1 << platform.rawValue) != 0 }
}
