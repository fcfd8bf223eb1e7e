import Observation

/// The tips of one screen, presented together: any number of inline tips (each in its own
/// place, shown whenever available) and popover tips that take turns, so that exactly one
/// popover is up at a time. When the popover on screen ends (closed, dismissed by the
/// user, an action, its rules stopped holding, `stop()`), the next available popover tip
/// is offered: the highest `priority` first, then in the order the tips were added. Each tip has its own presenter behind
/// the coordinator, so every presentation is recorded in the store, and a tip that another
/// screen's presenter shows waits for that one to end.
///
///     @State private var tips = TipScreenCoordinator(store: AppTips.store)
///     ...
///     .task {
///         try? tips.add(.swipeTip, as: .popover)
///         try? tips.add(.favoritesFirstTip, as: .popover)
///     }
///
/// The views read `popover` (or `content(of:)`), and report the close button, the action
/// buttons and a dismissal by the user through `close(_:)`, `perform(_:of:)` and
/// `userDismissed(_:)`. Errors land in `lastError`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class TipScreenCoordinator {
    /// Where a tip shows on the screen.
    public enum Placement: Hashable, Sendable {
        /// Takes turns with the screen's other popover tips: one at a time.
        case popover
        /// In its own place in the layout, whatever else shows.
        case inline
    }

    /// The store.
    public let store: TipStore
    /// The popover tip on screen, if any (at most one).
    public private(set) var popover: TipContent?
    /// The tip of `popover`, as added.
    public private(set) var popoverTip: TipKey?
    /// The inline tips on screen, by tip as added.
    public private(set) var inline: [TipKey: TipContent] = [:]
    /// The last error met (a close, an action, or recording a presentation).
    public private(set) var lastError: TipStoreError?
    /// Told each action performed through `perform(_:of:)`, after the store applied its
    /// effects: the tip and the generated ``TipAction`` (`action == .learnMore`).
    @ObservationIgnored public var onAction: (@MainActor (TipKey, TipAction) -> Void)?
    /// False while something that is not a tip occupies the popover slot (an alert, a
    /// menu, a popover of the app's own): popover tips are declined (nothing recorded) and
    /// offered again when this turns true. A popover already up stays up.
    @ObservationIgnored public var canPresentPopover = true {
        didSet { if canPresentPopover && !oldValue { offerNextPopover() } }
    }

    /// Asked before a popover tip goes up: return false while it can't (its anchor is off
    /// screen, the view controller presents something else). The tip is then declined,
    /// nothing is recorded, and it is offered again at the next turn or `retry()`.
    @ObservationIgnored public var popoverGate: (@MainActor (TipKey) -> Bool)?
    /// Told after each change of `popover` or `inline`, for hosts that don't observe (UIKit
    /// presents and dismisses its popover controller from here).
    @ObservationIgnored public var onChange: (@MainActor () -> Void)?

    @ObservationIgnored private var presenters: [TipKey: TipPresenter] = [:]
    @ObservationIgnored private var placements: [TipKey: Placement] = [:]
    /// Popover tips in the order they were added: the order they are offered in.
    @ObservationIgnored private var popoverOrder: [TipKey] = []

    /// A coordinator with no tips yet; add them with `add(_:as:)`.
    public init(store: TipStore) {
        self.store = store
    }

    /// Adds `tip` to the screen: shown (on the main actor, shortly after) when it is or
    /// becomes available and, for a popover, when no other popover is up. Throws for an
    /// unknown tip or wrong arguments. A tip already on this screen keeps its placement
    /// (adding it again does nothing): one screen has one presenter per tip.
    public func add(_ tip: TipKey, as placement: Placement = .popover) throws(TipStoreError) {
        guard presenters[tip] == nil else { return }
        let reference = ModelReference<TipScreenCoordinator>()
        reference.model = self
        let presenter = try TipPresenter(store: store, tip: tip, host: PresenterHost(
            mainActorPresent: { content in reference.model?.offer(tip, content) ?? false },
            dismiss: { reference.model?.hide(tip) },
            action: { shown, action in reference.model?.onAction?(shown, action) },
            error: { error in reference.model?.lastError = error },
            ended: { ended in reference.model?.presentationEnded(ended) },
            refresh: { content in reference.model?.refresh(tip, content) }))
        presenters[tip] = presenter
        placements[tip] = placement
        tips.append(tip)
        if placement == .popover { popoverOrder.append(tip) }
    }

    /// The tips on this screen, in the order added.
    public private(set) var tips: [TipKey] = []

    /// What `tip` shows now: its popover or its inline card; nil when it is not on screen.
    public func content(of tip: TipKey) -> TipContent? {
        popoverTip == tip ? popover : inline[tip]
    }

    /// True while `tip` is on screen. For a popover, `set` to false is how a toolkit
    /// reports that the user dismissed it (see `userDismissed(_:invalidate:)`).
    public func isPresented(_ tip: TipKey) -> Bool { content(of: tip) != nil }

    /// The close button of `tip`: invalidates it (`tipClosed`) and takes it off screen.
    public func close(_ tip: TipKey) {
        guard let presenter = presenters[tip] else { return }
        do throws(TipStoreError) { try presenter.close() } catch { lastError = error }
    }

    /// An action button of `tip`: runs the action's effects, then tells `onAction`.
    public func perform(_ action: TipAction, of tip: TipKey) {
        guard let presenter = presenters[tip] else { return }
        do throws(TipStoreError) { try presenter.perform(action) } catch { lastError = error }
    }

    /// The user removed `tip`'s view without the close button (a tap outside its popover):
    /// it leaves the screen at once, the presentation ends in the store, and the next
    /// popover tip is offered. With `invalidate: true` it is closed for good.
    public func userDismissed(_ tip: TipKey, invalidate: Bool = false) {
        guard let presenter = presenters[tip], isPresented(tip) else { return }
        hide(tip)
        presenter.userDismissed(invalidate: invalidate)
    }

    /// Stops every tip of the screen (the screen goes away): presentations end, nothing is
    /// closed. The coordinator also stops when it is released.
    public func stop() {
        for presenter in presenters.values { presenter.stop() }
    }

    // MARK: - The presenters' callbacks

    /// A presenter offers `tip`: inline tips always show; a popover only when none is up.
    private func offer(_ tip: TipKey, _ content: TipContent) -> Bool {
        switch placements[tip] {
        case .inline:
            inline[tip] = content
            onChange?()
            return true
        case .popover:
            guard canPresentPopover, popoverTip == nil, popoverGate?(tip) ?? true else { return false }
            popover = content
            popoverTip = tip
            onChange?()
            return true
        case nil:
            return false
        }
    }

    /// An adopted catalog changed what `tip` shows: the popover or card shows the new text.
    private func refresh(_ tip: TipKey, _ content: TipContent) {
        if popoverTip == tip {
            popover = content
        } else if inline[tip] != nil {
            inline[tip] = content
        } else {
            return
        }
        onChange?()
    }

    private func hide(_ tip: TipKey) {
        guard content(of: tip) != nil else { return }
        if popoverTip == tip {
            popover = nil
            popoverTip = nil
        }
        inline[tip] = nil
        onChange?()
    }

    /// Offers the screen's declined tips again (the obstacle `popoverGate` reported is gone).
    public func retry() {
        for tip in tips { presenters[tip]?.retry() }
    }

    /// Recorded as ended: the popover slot is free, so the waiting popover tips are offered
    /// again in their order (the first still available takes it; the others decline).
    private func presentationEnded(_ tip: TipKey) {
        if placements[tip] == .popover { offerNextPopover() }
    }

    /// Higher priorities first (`priority N`, in the order `availableTips()` ranks them),
    /// then the order the tips were added.
    private func offerNextPopover() {
        let ranked = store.availableTips()
        let order = popoverOrder.enumerated().sorted { a, b in
            (ranked.firstIndex(of: a.element) ?? Int.max, a.offset) < (ranked.firstIndex(of: b.element) ?? Int.max, b.offset)
        }
        for (_, tip) in order where tip != popoverTip { presenters[tip]?.retry() }
    }
}
