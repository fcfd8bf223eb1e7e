/// Shows one group's current tip in one place of the UI, switching as the current tip
/// changes, and records the presentations: `present` gets the new tip's content, `dismiss`
/// hides the previous one. A displayed member stays current until it stops being
/// available (no pre-emption), so the presenter never swaps a tip out from under the user
/// just because an earlier member became available.
///
/// Callbacks, declining (`offer:`), `close()`, `userDismissed(invalidate:)`, `retry()` and `stop()`
/// follow `TipPresenter`'s rules; the group's "status changes" are changes of its current
/// tip. `onAction` is told the tip and the action id.
public final class TipGroupPresenter: Sendable {
    /// The store.
    public var store: TipStore { slot.store }
    /// The group's name.
    public let group: String
    private let slot: PresentationSlot

    /// Starts presenting group `group`'s current tip, with callbacks on the thread that
    /// caused the change. Throws for an unknown group.
    public convenience init(store: TipStore, group: TipGroupKey,
                            present: @escaping @Sendable (TipContent) -> Void,
                            dismiss: @escaping @Sendable () -> Void,
                            onAction: @escaping @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, host: PresenterHost(
            present: { content in present(content); return true }, dismiss: dismiss, action: onAction, error: onError))
    }

    /// Like `init(store:group:present:dismiss:onAction:onError:)`, but the host may decline:
    /// `offer` returns whether it showed the tip (`false`: not now).
    public convenience init(store: TipStore, group: TipGroupKey,
                            offer: @escaping @Sendable (TipContent) -> Bool,
                            dismiss: @escaping @Sendable () -> Void,
                            onAction: @escaping @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, host: PresenterHost(
            present: offer, dismiss: dismiss, action: onAction, error: onError))
    }

    /// Starts presenting group `group`'s current tip with `@MainActor` callbacks, delivered
    /// on the main actor (pass `MainActor.self`).
    public convenience init(store: TipStore, group: TipGroupKey, callbacksOn _: MainActor.Type,
                            present: @escaping @MainActor @Sendable (TipContent) -> Void,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, host: PresenterHost(
            mainActorPresent: { content in present(content); return true }, dismiss: dismiss, action: onAction,
            error: onError))
    }

    /// The main-actor variant where the host may decline (`offer` returns `false`: not now).
    public convenience init(store: TipStore, group: TipGroupKey, callbacksOn _: MainActor.Type,
                            offer: @escaping @MainActor @Sendable (TipContent) -> Bool,
                            dismiss: @escaping @MainActor @Sendable () -> Void,
                            onAction: @escaping @MainActor @Sendable (TipKey, TipAction) -> Void = { _, _ in },
                            onError: @escaping @MainActor @Sendable (TipStoreError) -> Void = { _ in }) throws(TipStoreError) {
        try self.init(store: store, group: group.name, host: PresenterHost(
            mainActorPresent: offer, dismiss: dismiss, action: onAction, error: onError))
    }

    init(store: TipStore, group: String, host: PresenterHost) throws(TipStoreError) {
        self.group = group
        let slot = PresentationSlot(store: store, host: host)
        self.slot = slot
        let id = try store.observe(group: group) { [weak slot] value in
            if case .current(let t) = value { slot?.storeSays(t) }
        }
        slot.observe(with: id)
    }

    deinit { stop() }

    /// The tip the host shows now, if any.
    public var presentedTip: TipKey? { slot.presented }

    /// The last error met recording a presentation (each one also goes to `onError`).
    public var lastError: TipStoreError? { slot.lastError }

    /// Closes the shown tip as a close button would (`tipClosed`) and dismisses it, also
    /// under a testing override; the next current member, if any, is presented.
    public func close() throws(TipStoreError) {
        guard let tip = presentedTip else { return }
        try slot.close(tip)
    }

    /// Performs action `id` of the shown tip (see `TipPresenter.perform(action:)`); then
    /// `onAction` is told the tip and `id`. Nothing when no tip is shown.
    public func perform(action id: String) throws(TipStoreError) {
        guard let tip = presentedTip else { return }
        try slot.perform(action: id, of: tip)
    }

    /// The user dismissed the shown tip's view without its close button (see
    /// `TipPresenter.userDismissed(invalidate:)`). The group's next current tip is shown
    /// when the current one changes.
    public func userDismissed(invalidate: Bool = false) { slot.userDismissed(invalidate: invalidate) }

    /// Offers the current tip again after the host declined it.
    public func retry() { slot.retry() }

    /// Stops presenting (dismisses and ends an ongoing presentation). Idempotent.
    public func stop() { slot.stop() }
}
