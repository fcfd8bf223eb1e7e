/// Shows and hides one tip as its status changes, from any UI toolkit, and records the
/// presentations in the store: the answer to "present and dismiss the popover yourself".
///
/// When the tip becomes available the presenter calls `present` with its content and,
/// if the host showed it, reports `presentationBegan`; when it stops being available (the
/// user closed it, an action invalidated it, a rule stopped holding, its display limits
/// were reached) it calls `dismiss` and reports `presentationEnded`. `stop()` ends an
/// ongoing presentation the same way and stops observing; call it when the view goes away.
///
/// Callbacks run one at a time, in order, never under the store's lock (they may call the
/// store or the presenter). Where they run is chosen when the presenter is made:
///
/// - `init(store:tip:present:dismiss:onAction:onError:)`: on the thread that caused the
///   change (the caller of a store method, or the clock's queue for time-driven changes),
///   before the store call that caused it returns. Hop to your UI thread inside them.
/// - `init(store:tip:callbacksOn:present:dismiss:onAction:onError:)` with `MainActor.self`:
///   `@MainActor` callbacks, delivered on the main actor shortly after the change
///   (intermediate states that come and go before the main actor runs are skipped).
///
/// The host may decline: the variants taking `offer:` instead of `present:` get a
/// `(TipContent) -> Bool` that shows the tip and returns `true`, or returns `false` for
/// "not now" (a popover is already showing, the anchor is off screen). Then nothing is
/// recorded (no display is counted for a tip nobody saw), and the presenter offers the tip
/// again at the tip's next status change or when the host calls `retry()`.
///
///     let presenter = try TipPresenter(store: store, tip: "ShortcutTip", callbacksOn: MainActor.self,
///         present: { content in showPopover(content) },
///         dismiss: { hidePopover() },
///         onAction: { action in if action == .openSettings { openSettings() } })
///     // close button:       try presenter.close()
///     // tapped outside:     presenter.userDismissed()
///     // viewWillDisappear:  presenter.stop()
public final class TipPresenter: Sendable {
    /// The store.
    public var store: TipStore { slot.store }
    /// The presented tip.
    public let tip: TipKey
    private let slot: PresentationSlot

    /// Starts presenting `tip` whenever it is available (at once if it is now), with
    /// callbacks on the thread that caused the change. Throws for an unknown tip or wrong
    /// arguments.
    ///
    /// - Parameters:
    ///   - present: shows the tip; the presentation is recorded when it returns.
    ///   - dismiss: hides it (not called when the user already removed it, see
    ///     `userDismissed(invalidate:)`).
    ///   - onAction: told each action performed through `perform(_:)` or `perform(action:)`,
    ///     as a ``TipAction`` (compare it with the generated members: `action == .learnMore`),
    ///     after the store applied its effects (and after `dismiss`, if they ended the tip).
    ///   - onError: told each error met recording a presentation (also kept in `lastError`).
    public convenience init(store: TipStore, tip: TipKey,
                            present: @escaping @Sendable (TipContent) -> Void,
                            dismiss: @escaping @Sendable () -> Void,
                            onAction: @escaping @Sendable (TipAction) -> Void = { _ in },
                            onError: @escaping @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, tip: tip, host: PresenterHost(
            present: { content in present(content); return true }, dismiss: dismiss,
            action: { _, id in onAction(id) }, error: onError))
    }

    /// Like `init(store:tip:present:dismiss:onAction:onError:)`, but the host may decline:
    /// `offer` shows the tip and returns `true`, or returns `false` for "not now"; then
    /// nothing is recorded and the tip is offered again at its next status change or on
    /// `retry()`.
    public convenience init(store: TipStore, tip: TipKey,
                            offer: @escaping @Sendable (TipContent) -> Bool,
                            dismiss: @escaping @Sendable () -> Void,
                            onAction: @escaping @Sendable (TipAction) -> Void = { _ in },
                            onError: @escaping @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, tip: tip, host: PresenterHost(
            present: offer, dismiss: dismiss, action: { _, id in onAction(id) }, error: onError))
    }

    /// Starts presenting `tip` with `@MainActor` callbacks, delivered on the main actor one
    /// at a time, in order (pass `MainActor.self`). May be called from any thread; the
    /// first `present` comes in a later main-actor turn, never from inside this call.
    public convenience init(store: TipStore, tip: TipKey, callbacksOn _: MainActor.Type,
                            present: @escaping @MainActor @Sendable (TipContent) -> Void,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipAction) -> Void = { _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, tip: tip, host: PresenterHost(
            mainActorPresent: { content in present(content); return true }, dismiss: dismiss,
            action: { _, id in onAction(id) }, error: onError))
    }

    /// The main-actor variant where the host may decline (`offer` returns `false`: not now).
    public convenience init(store: TipStore, tip: TipKey, callbacksOn _: MainActor.Type,
                            offer: @escaping @MainActor @Sendable (TipContent) -> Bool,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipAction) -> Void = { _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, tip: tip, host: PresenterHost(
            mainActorPresent: offer, dismiss: dismiss, action: { _, id in onAction(id) }, error: onError))
    }

    /// A presenter over `host` (the coordinator and the convenience initializers use it).
    init(store: TipStore, tip: TipKey, host: PresenterHost) throws(TipStoreError) {
        self.tip = tip
        let slot = PresentationSlot(store: store, host: host)
        self.slot = slot
        // Checks the name and arguments; a tip an adopted catalog removed is accepted (its
        // status is notInLiveCatalog, so it is never offered).
        _ = try store.status(of: tip)
        // The store holds the slot only weakly: a presenter nobody holds stops presenting
        // (its deinit ends the presentation).
        let id = try store.observe(tip) { [weak slot] value in
            if case .status(let s) = value { slot?.storeSays(s == .available ? tip : nil) }
        }
        slot.observe(with: id)
    }

    deinit { stop() }

    /// True while the host shows the tip (it accepted `present` and the presentation has
    /// not ended).
    public var isPresenting: Bool { slot.presented != nil }

    /// True while another presenter (another screen, a model) shows this tip: this one
    /// waits and is offered the tip when that presentation ends, so the tip is never on
    /// screen twice and the store counts each presentation once.
    public var isWaitingForAnotherPresenter: Bool { slot.waiting != nil }

    /// The last error the presenter met recording a presentation (a journal failure).
    /// Each one is also passed to `onError`.
    public var lastError: TipStoreError? { slot.lastError }

    /// Closes the tip as the user's close button would: invalidates it (`tipClosed`) and
    /// dismisses it. The view goes away even when a testing override keeps the tip
    /// `available` (show-all, show-specific); this presenter then doesn't show it again
    /// until its status changes. Throws when the invalidation can't be recorded (the view
    /// goes away all the same).
    public func close() throws(TipStoreError) { try slot.close(tip) }

    /// Performs action `id` of the tip: the store runs its declared effects; if they
    /// invalidate the tip, it is dismissed (also under a testing override that keeps it
    /// available). Then `onAction` is told `id`. Throws for an unknown action or a journal
    /// failure (and `onAction` is not told).
    public func perform(action id: String) throws(TipStoreError) { try slot.perform(action: id, of: tip) }

    /// The user dismissed the tip's view without the close button (tapped outside a
    /// popover, swiped a sheet down): call it from the place your toolkit reports that.
    /// The presentation ends in the store, `dismiss` is not called (the view is gone), and
    /// this presenter doesn't show the tip again until its status changes; a new presenter
    /// (the screen shown again) shows it again if it is still available.
    ///
    /// With `invalidate: false` (the default, as TipKit treats a popover dismissed by a tap
    /// outside) the tip is not invalidated: it counts one display and may come back. With
    /// `invalidate: true` it is invalidated as by the close button (`tipClosed`). No-op when
    /// nothing is shown. Errors go to `onError` and `lastError`.
    public func userDismissed(invalidate: Bool = false) { slot.userDismissed(invalidate: invalidate) }

    /// Offers the tip again after the host declined it ("not now"), if it is still
    /// available: call it when the obstacle is gone (the other popover closed, the anchor
    /// is back on screen). Nothing when no decline is pending.
    public func retry() { slot.retry() }

    /// Stops presenting: dismisses the tip and reports the end of the presentation if one
    /// is ongoing, and stops observing. Idempotent. If called from inside a callback, it
    /// takes effect right after that callback returns.
    public func stop() { slot.stop() }
}
