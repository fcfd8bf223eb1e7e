// A stand-in for Apple's TipKit (absent on Linux), built by TipKitSideBySideTests as its
// own module named `TipKit`: every top-level public name of TipKit (iOS 17 to 26) with a
// plausible shape, so that a file importing it next to TipsRuntime shows whether any bare
// name becomes ambiguous. SwiftUI's `Text` and `Image` are Linux-absent too: `String` stands
// in for them here. Not compiled into the test target (Package.swift excludes Inputs/).
import Foundation

public protocol TipOption: Sendable {}

public protocol Tip: Identifiable, Sendable {
    typealias Rule = Tips.Rule
    typealias Event = Tips.Event
    typealias Action = Tips.Action
    typealias Option = TipOption
    typealias Status = Tips.Status
    typealias InvalidationReason = Tips.InvalidationReason
    typealias IgnoresDisplayFrequency = Tips.IgnoresDisplayFrequency
    typealias MaxDisplayCount = Tips.MaxDisplayCount
    typealias MaxDisplayDuration = Tips.MaxDisplayDuration

    var id: String { get }
    var title: String { get }
    var message: String? { get }
    var image: String? { get }
    var actions: [Action] { get }
    var rules: [Rule] { get }
    var options: [any TipOption] { get }
    var status: Status { get }
    var shouldDisplay: Bool { get }
    func invalidate(reason: InvalidationReason)
}

extension Tip {
    public var id: String { String(describing: Self.self) }
    public var message: String? { nil }
    public var image: String? { nil }
    public var actions: [Action] { [] }
    public var rules: [Rule] { [] }
    public var options: [any TipOption] { [] }
    public var status: Status { .pending }
    public var shouldDisplay: Bool { status == .available }
    public func invalidate(reason: InvalidationReason) {}
}

public struct AnyTip: Tip {
    public var id: String
    public var title: String
    public init(_ tip: any Tip) {
        id = tip.id
        title = tip.title
    }
}

@frozen public enum Tips {
    public static func configure(_ configuration: [ConfigurationOption] = []) throws {}
    public static func resetDatastore() throws {}
    public static func showAllTipsForTesting() {}
    public static func hideAllTipsForTesting() {}
    public static func showTipsForTesting(_ tips: [any Tip.Type]) {}
    public static func hideTipsForTesting(_ tips: [any Tip.Type]) {}

    public struct ConfigurationOption: Sendable {
        public enum DisplayFrequency: Sendable { case immediate, hourly, daily, weekly, monthly }
        public struct DatastoreLocation: Sendable {
            public static var applicationDefault: DatastoreLocation { DatastoreLocation() }
            public static func url(_ url: URL) -> DatastoreLocation { DatastoreLocation() }
        }
        public static func displayFrequency(_ frequency: DisplayFrequency) -> ConfigurationOption { ConfigurationOption() }
        public static func datastoreLocation(_ location: DatastoreLocation) -> ConfigurationOption { ConfigurationOption() }
    }

    public enum Status: Hashable, Sendable {
        case pending, available, invalidated(InvalidationReason)
    }

    public enum InvalidationReason: Hashable, Sendable {
        case actionPerformed, displayCountExceeded, displayDurationExceeded, tipClosed
    }

    public enum ParameterOption: Sendable { case transient }

    public struct Parameter<Value: Codable & Sendable>: Sendable {
        public var wrappedValue: Value
        public init(_ enclosing: Any.Type, _ name: String, _ value: Value, _ options: [ParameterOption] = []) {
            wrappedValue = value
        }
    }

    public struct EmptyDonation: Codable, Sendable { public init() {} }

    public struct DonationTimeRange: Codable, Hashable, Sendable {
        public static var day: DonationTimeRange { DonationTimeRange() }
        public static func days(_ n: Int) -> DonationTimeRange { DonationTimeRange() }
    }

    public struct DonationLimit: Sendable {
        public init(maximumCount: Int, maximumAge: DonationTimeRange?) {}
    }

    public struct Event<DonationInfo: Codable & Sendable>: Sendable {
        @dynamicMemberLookup public struct Donation: Codable, Sendable {
            public let date: Date
            public let info: DonationInfo
            public subscript<T>(dynamicMember keyPath: KeyPath<DonationInfo, T>) -> T { info[keyPath: keyPath] }
        }
        public let id: String
        public init(id: String) { self.id = id }
        public func donate(_ info: DonationInfo) async {}
        public func sendDonation(_ completion: (() -> Void)? = nil) where DonationInfo == EmptyDonation {}
        public var donations: [Donation] { [] }
    }

    public struct Rule: Sendable {
        public enum CompoundOperation: Hashable, Sendable { case conjunction, disjunction }
        public init<A>(_ parameter: Parameter<A>, _ predicate: @escaping @Sendable (A) -> Bool) {}
        public init<A>(_ event: Event<A>, _ predicate: @escaping @Sendable (Event<A>) -> Bool) {}
    }

    public struct Action: Identifiable, Sendable {
        public let id: String
        public let index: Int?
        public init(id: String? = nil, title: some StringProtocol, perform handler: @escaping @MainActor () -> Void = {}) {
            self.id = id ?? String(title)
            index = nil
        }
    }

    public struct MaxDisplayCount: TipOption { public init(_ count: Int) {} }
    public struct MaxDisplayDuration: TipOption { public init(_ duration: TimeInterval) {} }
    public struct IgnoresDisplayFrequency: TipOption { public init(_ ignores: Bool) {} }

    @resultBuilder public enum ActionBuilder { public static func buildBlock(_ actions: Action...) -> [Action] { actions } }
    @resultBuilder public enum RuleBuilder { public static func buildBlock(_ rules: Rule...) -> [Rule] { rules } }
    @resultBuilder public enum OptionsBuilder { public static func buildBlock(_ options: any TipOption...) -> [any TipOption] { options } }
    @resultBuilder public enum GroupBuilder { public static func buildBlock(_ tips: any Tip...) -> [any Tip] { tips } }
}

public struct TipKitError: LocalizedError, Sendable {
    public static var invalidPredicateValueType: TipKitError { TipKitError() }
    public static var missingGroupContainerEntitlements: TipKitError { TipKitError() }
    public static var tipsDatastoreAlreadyConfigured: TipKitError { TipKitError() }
}

public final class TipGroup: Sendable {
    public enum Priority: Sendable { case firstAvailable, ordered }
    public init(_ priority: Priority = .firstAvailable, @Tips.GroupBuilder _ builder: () -> [any Tip]) {}
    @MainActor public var currentTip: (any Tip)? { nil }
}

public struct TipViewStyleConfiguration {
    public var tip: any Tip
    public var title: String?
    public var message: String?
    public var actions: [Tips.Action]
}

public protocol TipViewStyle {
    associatedtype Body
    func makeBody(configuration: TipViewStyleConfiguration) -> Body
}

public struct MiniTipViewStyle: TipViewStyle {
    public init() {}
    public func makeBody(configuration: TipViewStyleConfiguration) -> String { configuration.title ?? "" }
}

extension TipViewStyle where Self == MiniTipViewStyle {
    public static var miniTip: MiniTipViewStyle { MiniTipViewStyle() }
}

public struct TipView<Content: Tip> {
    public init(_ tip: Content, action: @escaping (Tips.Action) -> Void = { _ in }) {}
}

public protocol TipAnchorKey {}

@MainActor public final class TipUIView { public init(_ tip: any Tip) {} }
@MainActor public final class TipUIPopoverViewController { public init(_ tip: any Tip) {} }
@MainActor public final class TipUICollectionViewCell { public init() {} }
@MainActor public final class TipUICollectionReusableView { public init() {} }
@MainActor public final class TipNSPopover { public init(_ tip: any Tip) {} }
@MainActor public final class TipNSView { public init(_ tip: any Tip) {} }

@freestanding(expression)
public macro Rule<A>(_ input: A, _ predicate: (A) -> Bool) -> Tips.Rule = #externalMacro(module: "TipKitMacros", type: "RuleMacro")

@attached(accessor) @attached(peer, names: prefixed(`$`))
public macro Parameter(_ options: Tips.ParameterOption...) = #externalMacro(module: "TipKitMacros", type: "ParameterMacro")
