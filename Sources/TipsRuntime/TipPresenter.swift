import Synchronization

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
    private struct State: Sendable {
        var observer: Int?
        var presenting = false
        var stopped = false
        var lastError: TipStoreError?
    }

    /// The store.
    public let store: TipStore
    /// The presented tip.
    public let tip: Tip
    private let present: @Sendable (TipContent) -> Void
    private let dismiss: @Sendable () -> Void
    private let state = Locked(State())

    /// Starts presenting `tip` whenever it is available (at once if it is now). Throws
    /// for an unknown tip or wrong arguments.
    public init(store: TipStore, tip: Tip, present: @escaping @Sendable (TipContent) -> Void,
                dismiss: @escaping @Sendable () -> Void) throws(TipStoreError) {
        self.store = store
        self.tip = tip
        self.present = present
        self.dismiss = dismiss
        _ = try store.content(of: tip)
        // The presenter must outlive the callback registration only weakly: a presenter
        // nobody holds stops presenting (its deinit ends the presentation).
        let id = try store.observe(tip) { [weak self] value in
            if case .status(let s) = value { self?.update(s) }
        }
        state.withLock { $0.observer = id }
    }

    deinit { stop() }

    /// True while the presenter shows the tip.
    public var isPresenting: Bool { state.withLock { $0.presenting } }

    /// The last error the presenter met recording a presentation (a journal failure).
    public var lastError: TipStoreError? { state.withLock { $0.lastError } }

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
    public func stop() {
        let observer = state.withLock { s -> Int? in
            guard !s.stopped else { return nil }
            s.stopped = true
            return s.observer
        }
        guard let observer else { return }
        store.removeObserver(observer)
        // Through the delivery queue, so it runs after any callback already under way.
        let store = store, tip = tip, dismiss = dismiss, state = state
        store.deliveries.enqueue {
            let wasPresenting = state.withLock { s -> Bool in
                defer { s.presenting = false }
                return s.presenting
            }
            guard wasPresenting else { return }
            dismiss()
            do throws(TipStoreError) { try store.presentationEnded(tip) } catch { state.withLock { $0.lastError = error } }
        }
        store.deliveries.drain()
    }

    private func update(_ status: TipStatus) {
        enum Step { case show, hide, none }
        let step = state.withLock { s -> Step in
            guard !s.stopped else { return .none }
            if status == .available && !s.presenting { s.presenting = true; return .show }
            if status != .available && s.presenting { s.presenting = false; return .hide }
            return .none
        }
        switch step {
        case .show:
            do throws(TipStoreError) {
                present(try store.content(of: tip))
                try store.presentationBegan(tip)
            } catch {
                state.withLock { $0.lastError = error }
            }
        case .hide:
            dismiss()
            do throws(TipStoreError) { try store.presentationEnded(tip) } catch { state.withLock { $0.lastError = error } }
        case .none:
            break
        }
    }
}
