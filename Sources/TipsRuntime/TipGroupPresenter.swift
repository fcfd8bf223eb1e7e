import Synchronization

/// Shows one group's current tip in one place of the UI, switching as the current tip
/// changes, and records the presentations: `present` gets the new tip's content, `dismiss`
/// hides the previous one. A displayed member stays current until it stops being
/// available (no pre-emption), so the presenter never swaps a tip out from under the user
/// just because an earlier member became available.
///
/// Callbacks follow the same rules as `TipPresenter`'s.
public final class TipGroupPresenter: Sendable {
    private struct State: Sendable {
        var observer: Int?
        var presented: Tip?
        var stopped = false
        var lastError: TipStoreError?
    }

    /// The store.
    public let store: TipStore
    /// The group's name.
    public let group: String
    private let present: @Sendable (TipContent) -> Void
    private let dismiss: @Sendable () -> Void
    private let state = Locked(State())

    /// Starts presenting group `group`'s current tip. Throws for an unknown group.
    public init(store: TipStore, group: String, present: @escaping @Sendable (TipContent) -> Void,
                dismiss: @escaping @Sendable () -> Void) throws(TipStoreError) {
        self.store = store
        self.group = group
        self.present = present
        self.dismiss = dismiss
        let id = try store.observe(group: group) { [weak self] value in
            if case .current(let t) = value { self?.update(t) }
        }
        state.withLock { $0.observer = id }
    }

    deinit { stop() }

    /// The tip currently shown, if any.
    public var presentedTip: Tip? { state.withLock { $0.presented } }

    /// The last error met recording a presentation.
    public var lastError: TipStoreError? { state.withLock { $0.lastError } }

    /// Closes the shown tip as a close button would (`tipClosed`); the next current member,
    /// if any, is presented.
    public func close() throws(TipStoreError) {
        guard let tip = presentedTip else { return }
        try store.invalidate(tip, reason: .tipClosed)
    }

    /// Stops presenting (dismisses and ends an ongoing presentation). Idempotent.
    public func stop() {
        let observer = state.withLock { s -> Int? in
            guard !s.stopped else { return nil }
            s.stopped = true
            return s.observer
        }
        guard let observer else { return }
        store.removeObserver(observer)
        let store = store, dismiss = dismiss, state = state
        store.deliveries.enqueue {
            let shown = state.withLock { s -> Tip? in
                defer { s.presented = nil }
                return s.presented
            }
            guard let shown else { return }
            dismiss()
            do throws(TipStoreError) { try store.presentationEnded(shown) } catch { state.withLock { $0.lastError = error } }
        }
        store.deliveries.drain()
    }

    private func update(_ current: Tip?) {
        let (old, new) = state.withLock { s -> (Tip?, Tip?) in
            guard !s.stopped, s.presented != current else { return (nil, nil) }
            let old = s.presented
            s.presented = current
            return (old, current)
        }
        if let old {
            dismiss()
            do throws(TipStoreError) { try store.presentationEnded(old) } catch { state.withLock { $0.lastError = error } }
        }
        if let new {
            do throws(TipStoreError) {
                present(try store.content(of: new))
                try store.presentationBegan(new)
            } catch {
                state.withLock { $0.lastError = error }
            }
        }
    }
}
