/// Shows and hides one tip as its status changes, from any UI toolkit, and records the
/// presentations in the store: the answer to "present and dismiss the popover yourself".
///
/// When the tip becomes available the presenter calls `present` with its content and then
/// reports `presentationBegan`; when it stops being available (the user closed it, an
/// action invalidated it, a rule stopped holding, its display limits were reached) it
/// calls `dismiss` and reports `presentationEnded`. `stop()` ends an ongoing presentation
/// the same way and stops observing; call it when the view goes away.
///
/// `present` and `dismiss` run one at a time, in order, on the thread that caused the
/// change (the caller of a store method, or the clock's queue for time-driven changes),
/// never under the store's lock: they may call the store. Hop to your UI thread inside
/// them (`DispatchQueue.main.async`, `Task { @MainActor in ... }`).
///
///     let presenter = try TipPresenter(store: store, tip: "ShortcutTip",
///         present: { content in DispatchQueue.main.async { showPopover(content) } },
///         dismiss: { DispatchQueue.main.async { hidePopover() } })
///     // close button: try presenter.close()
///     // deinit / viewWillDisappear: presenter.stop()
public final class TipPresenter: Sendable {
    /// The store.
    public var store: TipStore { slot.store }
    /// The presented tip.
    public let tip: Tip
    private let slot: PresentationSlot

    /// Starts presenting `tip` whenever it is available (at once if it is now). Throws
    /// for an unknown tip or wrong arguments.
    public init(store: TipStore, tip: Tip, present: @escaping @Sendable (TipContent) -> Void,
                dismiss: @escaping @Sendable () -> Void) throws(TipStoreError) {
        self.tip = tip
        self.slot = PresentationSlot(store: store, present: present, dismiss: dismiss)
        _ = try store.content(of: tip)
        // The presenter must outlive the callback registration only weakly: a presenter
        // nobody holds stops presenting (its deinit ends the presentation).
        let id = try store.observe(tip) { [weak self] value in
            if case .status(let s) = value, let self { self.slot.show(s == .available ? self.tip : nil) }
        }
        slot.observe(with: id)
    }

    deinit { stop() }

    /// True while the presenter shows the tip.
    public var isPresenting: Bool { slot.presented != nil }

    /// The last error the presenter met recording a presentation (a journal failure).
    public var lastError: TipStoreError? { slot.lastError }

    /// Closes the tip as the user's close button would: invalidates it (`tipClosed`),
    /// which dismisses it.
    public func close() throws(TipStoreError) {
        try store.invalidate(tip, reason: .tipClosed)
    }

    /// Performs action `id` of the tip (its declared effects run; if they invalidate the
    /// tip, it is dismissed).
    public func perform(action id: String) throws(TipStoreError) {
        try store.perform(action: id, of: tip)
    }

    /// Stops presenting: dismisses the tip and reports the end of the presentation if one
    /// is ongoing, and stops observing. Idempotent. If called from inside `present` or
    /// `dismiss`, it takes effect right after that callback returns.
    public func stop() { slot.stop() }
}
