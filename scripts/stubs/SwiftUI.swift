// A stand-in for SwiftUI that declares exactly the API Sources/TipsUI/SwiftUI uses, so that
// scripts/check-views.sh can type-check those views on Linux. Names, parameter labels, types,
// defaults, isolation and availability are transcribed from Apple's documentation
// (developer.apple.com/documentation/swiftui, the symbol pages of each declaration); the
// `@ContentBuilder` of the newest pages is written `@ViewBuilder`, its name in the SDKs of
// Xcode 16, the oldest toolchain Tips supports. No body does anything. Private helper types
// of SwiftUI's own (`_ConditionalContent`, `TupleView`, `ModifiedContent`) are declared with
// their documented generic shapes only. Never linked into anything.
import Foundation
import Observation

// MARK: - Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { fatalError() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent, FalseContent>: View where TrueContent: View, FalseContent: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {
    public var body: Never { fatalError() }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError() }
}

public struct AccessibilityAttachmentModifier: ViewModifier {
    public func body(content: Content) -> Never { fatalError() }
}

// MARK: - Layout and content views

public enum HorizontalAlignment { case leading, center, trailing }
public enum VerticalAlignment { case top, center, bottom, firstTextBaseline }

public struct VStack<Content: View>: View {
    // iOS 13: init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct HStack<Content: View>: View {
    // iOS 13: init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Spacer: View {
    // iOS 13: init(minLength: CGFloat? = nil)
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { fatalError() }
}

public struct Text: View, Equatable {
    // iOS 13: init(verbatim content: String)
    public init(verbatim content: String) {}
    public var body: Never { fatalError() }
}

public struct Image: View, Equatable {
    // iOS 13: init(_ name: String, bundle: Bundle? = nil); iOS 13 / macOS 11: init(systemName: String)
    public init(_ name: String, bundle: Bundle? = nil) {}
    public init(systemName: String) {}
    public enum ResizingMode { case tile, stretch }
    // iOS 13: func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { self }
    public var body: Never { fatalError() }
}

public struct EdgeInsets: Equatable {
    public init() {}
}

public struct Button<Label: View>: View {
    // iOS 13: @preconcurrency nonisolated init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View where Content: View {
    // iOS 13: init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    public var body: Never { fatalError() }
}

// MARK: - Shapes and styles

public protocol ShapeStyle: Sendable {}
public protocol Shape: Sendable, View {}

public struct FillStyle: Equatable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public enum RoundedCornerStyle: Sendable { case circular, continuous }

public struct RoundedRectangle: Shape {
    // iOS 13: init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    public var body: Never { fatalError() }
}

public struct Material: ShapeStyle {}
extension ShapeStyle where Self == Material {
    // iOS 15 / macOS 12
    public static var regularMaterial: Material { Material() }
}

public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    // iOS 15 / macOS 12
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

public struct Font: Hashable, Sendable {
    public static let headline = Font()
    public static let subheadline = Font()
}

// MARK: - Environment

public enum DynamicTypeSize: Hashable, Comparable, CaseIterable, Sendable {
    // iOS 15 / macOS 12
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
}

public enum LayoutDirection: Hashable, CaseIterable, Sendable { case leftToRight, rightToLeft }
public enum ColorScheme: Hashable, CaseIterable, Sendable { case light, dark }

public struct EnvironmentValues {
    public var dynamicTypeSize: DynamicTypeSize { .large }            // iOS 15 / macOS 12
    public var layoutDirection: LayoutDirection { .leftToRight }     // iOS 13
    public var accessibilityReduceMotion: Bool { false }             // iOS 13 (get only)
    public var colorScheme: ColorScheme { .light }                   // iOS 13
}

public protocol DynamicProperty {}

@propertyWrapper public struct Environment<Value>: DynamicProperty {
    // iOS 13: init(_ keyPath: KeyPath<EnvironmentValues, Value>)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}

// MARK: - Bindings

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
    // iOS 13
    public init(projectedValue: Binding<Value>) { fatalError() }
}

// iOS 17 / macOS 14: @dynamicMemberLookup @propertyWrapper struct Bindable<Value>
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    public var wrappedValue: Value {
        get { fatalError() }
        set {}
    }
    public var projectedValue: Bindable<Value> { self }
    // iOS 17: init(projectedValue: Bindable<Value>)
    public init(projectedValue: Bindable<Value>) { fatalError() }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value: AnyObject { fatalError() }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { fatalError() }
    public init(_ wrappedValue: Value) { fatalError() }
}

// MARK: - Motion

public enum Edge: Int8, CaseIterable, Sendable { case top, leading, bottom, trailing }

public struct AnyTransition {
    // iOS 13
    public static var opacity: AnyTransition { AnyTransition() }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

public struct Animation: Equatable, Sendable {
    // iOS 13
    public static let `default` = Animation()
}

// MARK: - Presentation

public struct UnitPoint: Hashable, Sendable {}

public struct Anchor<Value> {
    public struct Source {}
}

extension Anchor.Source where Value == CGRect {
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source() }
}

public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

public struct PresentationAdaptation: Sendable {
    // iOS 16.4 / macOS 13.3
    public static var popover: PresentationAdaptation { PresentationAdaptation() }
}

public enum AccessibilityChildBehavior: Hashable, Sendable {
    // iOS 14 / macOS 11 (a struct with static members in the SDK)
    case ignore, contain, combine
}

// MARK: - Modifiers

extension View {
    // iOS 13
    nonisolated public func font(_ font: Font?) -> some View { fatalError() }
    // iOS 15 / macOS 12
    nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { fatalError() }
    // iOS 13: func padding(_ length: CGFloat) -> some View
    nonisolated public func padding(_ length: CGFloat) -> some View { fatalError() }
    // iOS 15 / macOS 12
    nonisolated public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View { fatalError() }
    // iOS 13
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { fatalError() }
    // iOS 13
    nonisolated public func scaledToFit() -> some View { fatalError() }
    // iOS 14 / macOS 11
    nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { fatalError() }
    // iOS 14 / macOS 11
    nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // iOS 14 / macOS 11
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }
    // iOS 16 / macOS 13
    nonisolated public func accessibilityActions<Content: View>(@ViewBuilder _ content: () -> Content) -> some View { fatalError() }
    // iOS 13
    nonisolated public func transition(_ t: AnyTransition) -> some View { fatalError() }
    // iOS 13 / macOS 10.15
    nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { fatalError() }
    // iOS 13
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }
    // iOS 13 / macOS 10.15
    nonisolated public func popover<Content: View>(isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
                                                   arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content) -> some View { fatalError() }
    // iOS 16.4 / macOS 13.3
    nonisolated public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> some View { fatalError() }
}

public struct Alignment: Equatable, Sendable {
    public static let center = Alignment()
}
