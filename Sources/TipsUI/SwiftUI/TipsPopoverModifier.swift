#if canImport(SwiftUI) && !os(tvOS) && !os(watchOS)   // popover(isPresented:) is iOS, macOS, visionOS
import Observation
import SwiftUI
import TipsRuntime

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension View {
    /// Shows `model`'s tip in a popover anchored on this view, like TipKit's `.popoverTip`:
    /// up while the tip is available, a popover on iPhone too. A tap outside dismisses it
    /// for this presentation (the tip stays available and counts one display); the close
    /// button closes it for good. Don't anchor it on the control the tip teaches: a
    /// popover takes the first tap on its anchor (Docs/adopting.md, section 6).
    public func tipsPopover<Style: TipCardStyle>(_ model: TipModel, style: Style) -> some View {
        modifier(TipsPopoverModifier(isPresented: Bindable(model).isPresented, card: TipsView(model, style: style)))
    }

    /// `tipsPopover(_:style:)` in the standard style.
    public func tipsPopover(_ model: TipModel) -> some View {
        tipsPopover(model, style: DefaultTipCardStyle())
    }

    /// Shows `tip` of `screen` in a popover anchored on this view when it is the screen's
    /// turn for it: one popover of the screen's tips at a time (see `TipScreenCoordinator`).
    public func tipsPopover<Style: TipCardStyle>(_ tip: TipKey, in screen: TipScreenCoordinator, style: Style) -> some View {
        modifier(TipsPopoverModifier(isPresented: Bindable(TipPopoverPresence(tip: tip, screen: screen)).isPresented,
                                     card: TipsView(tip, in: screen, style: style)))
    }

    /// `tipsPopover(_:in:style:)` in the standard style.
    public func tipsPopover(_ tip: TipKey, in screen: TipScreenCoordinator) -> some View {
        tipsPopover(tip, in: screen, style: DefaultTipCardStyle())
    }
}

/// One tip's popover on a screen, as the Boolean `.popover(isPresented:)` binds to: true
/// while it is the tip on screen; set to false (a tap outside) reports the user's dismissal.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable
final class TipPopoverPresence {
    @ObservationIgnored let tip: TipKey
    @ObservationIgnored let screen: TipScreenCoordinator

    init(tip: TipKey, screen: TipScreenCoordinator) {
        self.tip = tip
        self.screen = screen
    }

    /// Reads the coordinator, which SwiftUI observes through this read.
    var isPresented: Bool {
        get { screen.isPresented(tip) }
        set { if !newValue { screen.userDismissed(tip) } }
    }
}

/// The popover around a card: SwiftUI sets `isPresented` to false after a tap outside,
/// which the binding reports as the user's dismissal.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct TipsPopoverModifier<Card: View>: ViewModifier {
    let isPresented: Binding<Bool>
    let card: Card

    func body(content: Content) -> some View {
        content.popover(isPresented: isPresented) {
            card.presentationCompactAdaptation(.popover)
        }
    }
}
#endif
