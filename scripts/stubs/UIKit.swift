// A stand-in for UIKit that declares exactly the API Sources/TipsUI/UIKit uses, so that
// scripts/check-views.sh can type-check those views on Linux. Names, labels, types,
// optionality, defaults, main-actor isolation and availability are transcribed from Apple's
// documentation (developer.apple.com/documentation/uikit); `CALayer` (QuartzCore, which UIKit
// re-exports) is declared here too. The SDK's Objective-C protocols with optional methods
// are Swift protocols with default implementations here. No body does anything.
@_exported import Foundation   // UIKit re-exports Foundation

// MARK: - Base classes

@MainActor open class UIResponder: NSObject {}

public protocol UITraitEnvironment: NSObjectProtocol {
    @MainActor var traitCollection: UITraitCollection { get }
}

open class CALayer: NSObject {
    open var cornerRadius: CGFloat = 0
}

@MainActor open class UIView: UIResponder, UITraitEnvironment {
    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open var isHidden: Bool = false
    @NSCopying open var backgroundColor: UIColor?
    open var layer: CALayer { CALayer() }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var window: UIWindow? { nil }
    open func removeFromSuperview() {}
    public enum ContentMode: Int, Sendable { case scaleToFill, scaleAspectFit, scaleAspectFill }
    open var contentMode: UIView.ContentMode = .scaleToFill
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension() }    // iOS 9
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension() }   // iOS 9
    open var directionalLayoutMargins = NSDirectionalEdgeInsets()      // iOS 11
    // UIAccessibility (an informal protocol on NSObject in the SDK)
    open var isAccessibilityElement: Bool = false
    open var accessibilityLabel: String?
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?   // iOS 8
}

@MainActor open class UIWindow: UIView {}

public struct NSDirectionalEdgeInsets: Equatable, Sendable {
    public init() {}
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {}
}

@MainActor open class NSLayoutConstraint: NSObject {
    open var isActive: Bool = false
    public enum Axis: Int, Sendable { case horizontal, vertical }
}

@MainActor open class NSLayoutDimension: NSObject {
    // iOS 9: func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

// MARK: - Traits (iOS 17)

public protocol UITraitDefinition {}
public typealias UITrait = any UITraitDefinition.Type
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {}
public struct UITraitLayoutDirection: UITraitDefinition {}
public protocol UITraitChangeRegistration {}
struct TraitChangeRegistration: UITraitChangeRegistration {}

@MainActor public protocol UITraitChangeObservable {}
extension UITraitChangeObservable {
    public typealias TraitChangeHandler<TraitEnvironment: UITraitEnvironment> = (TraitEnvironment, UITraitCollection) -> Void
    // iOS 17: @discardableResult @MainActor func registerForTraitChanges<TraitEnvironment>(_ traits: [UITrait],
    //     handler: @escaping Self.TraitChangeHandler<TraitEnvironment>) -> any UITraitChangeRegistration
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment>(_ traits: [UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>)
        -> any UITraitChangeRegistration where TraitEnvironment: UITraitEnvironment { TraitChangeRegistration() }
}
extension UIView: UITraitChangeObservable {}

public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight, rightToLeft }
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified, light, dark }

public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
}

open class UITraitCollection: NSObject, @unchecked Sendable {
    open var layoutDirection: UITraitEnvironmentLayoutDirection { .leftToRight }        // iOS 10
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }            // iOS 10
    open var userInterfaceStyle: UIUserInterfaceStyle { .light }                       // iOS 12
}

public enum UIAccessibility {
    // iOS 8 (UIAccessibilityIsReduceMotionEnabled())
    @MainActor public static var isReduceMotionEnabled: Bool { false }
}

// MARK: - Views

@MainActor open class UIStackView: UIView {
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init(coder: NSCoder) { super.init(frame: .zero) }
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
    }
    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var alignment: UIStackView.Alignment = .fill
    open var spacing: CGFloat = 0
    open var isLayoutMarginsRelativeArrangement: Bool = false
    open var arrangedSubviews: [UIView] { [] }
    open func addArrangedSubview(_ view: UIView) {}
}

open class UIColor: NSObject, NSCopying, @unchecked Sendable {
    public func copy(with zone: NSZone? = nil) -> Any { self }
    open class var label: UIColor { UIColor() }                        // iOS 13
    open class var secondaryLabel: UIColor { UIColor() }               // iOS 13
    open class var secondarySystemBackground: UIColor { UIColor() }    // iOS 13
}

open class UIFont: NSObject, @unchecked Sendable {
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
    }
    // iOS 7
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { UIFont() }
}

@MainActor public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    var adjustsFontForContentSizeCategory: Bool { get set }   // iOS 10
}

@MainActor open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    open var text: String?
    open var font: UIFont!
    open var textColor: UIColor!
    open var numberOfLines: Int = 1
    open var adjustsFontForContentSizeCategory: Bool = false
}

open class UIImage: NSObject, @unchecked Sendable {
    public init?(systemName name: String) { super.init() }       // iOS 13
    public init?(named name: String) { super.init() }            // iOS 2
}

@MainActor open class UIImageView: UIView {
    public init(image: UIImage?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(frame: .zero) }
}

@MainActor open class UIControl: UIView {}

@MainActor open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom, system }
    // iOS 14: @MainActor @preconcurrency convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?)
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) { self.init(frame: .zero) }
}

@MainActor open class UIMenuElement: NSObject {}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

@MainActor open class UIAction: UIMenuElement {
    // iOS 13 (identifier, discoverabilityTitle, attributes and state also default; not used here)
    public convenience init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) { self.init() }
}

open class UIAccessibilityCustomAction: NSObject {
    // iOS 13: init(name: String, actionHandler: @escaping UIAccessibilityCustomActionHandler)
    public init(name: String, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) { super.init() }
}

// MARK: - View controllers and popovers

@MainActor open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open var view: UIView!
    open func loadView() {}
    open func viewDidAppear(_ animated: Bool) {}
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var popoverPresentationController: UIPopoverPresentationController? { nil }
    open var presentedViewController: UIViewController? { nil }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

@MainActor open class UIPresentationController: NSObject {}

// iOS 16: UIView conforms
@MainActor public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}
extension UIView: UIPopoverPresentationControllerSourceItem {}

@MainActor open class UIPopoverPresentationController: UIPresentationController {
    weak open var delegate: (any UIPopoverPresentationControllerDelegate)?
    open var sourceItem: (any UIPopoverPresentationControllerSourceItem)?    // iOS 16
    open var passthroughViews: [UIView]?
}

@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)   // iOS 13
}

extension UIAdaptivePresentationControllerDelegate {
    public func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle { .automatic }
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

@MainActor public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {}
