/// Shows one group's current tip in one place of the UI, switching as the current tip
/// changes, and records the presentations: `present` gets the new tip's content, `dismiss`
/// hides the previous one. A displayed member stays current until it stops being
/// available (no pre-emption), so the presenter never swaps a tip out from under the user
/// just because an earlier member became available.
///
/// Callbacks follow the same rules as `TipPresenter`'s.
public final class TipGroupPresenter: Sendable {
    /// The store.
    public var store: TipStore { slot.store }
    /// The group's name.
    public let group: String
    private let slot: PresentationSlot

    /// Starts presenting group `group`'s current tip. Throws for an unknown group.
    public init(store: TipStore, group: String, present: @escaping @Sendable (TipContent) -> Void,
                dismiss: @escaping @Sendable () -> Void) throws(TipStoreError) {
        self.group = group
        self.slot = PresentationSlot(store: store, present: present, dismiss: dismiss)
        let id = try store.observe(group: group) { [weak self] value in
            if case .current(let t) = value { self?.slot.show(t) }
        }
        slot.observe(with: id)
    }

    deinit { stop() }

    /// The tip currently shown, if any.
    public var presentedTip: Tip? { slot.presented }

    /// The last error met recording a presentation.
    public var lastError: TipStoreError? { slot.lastError }

    /// Closes the shown tip as a close button would (`tipClosed`); the next current member,
    /// if any, is presented.
    public func close() throws(TipStoreError) {
        guard let tip = presentedTip else { return }
        try store.invalidate(tip, reason: .tipClosed)
    }

    /// Stops presenting (dismisses and ends an ongoing presentation). Idempotent.
    public func stop() { slot.stop() }
}
