/// What `TipPresenter` and `TipGroupPresenter` share: one place in the UI that shows at
/// most one tip, the callbacks that show and hide it, and the store's record of its
/// presentations (`presentationBegan` / `presentationEnded`).
///
/// A value holding references, so a presenter's observer closure can reach it through a
/// weak reference to the presenter (a presenter nobody holds stops presenting).
struct PresentationSlot: Sendable {
    private struct State: Sendable {
        var observer: Int?
        var presented: Tip?
        var stopped = false
        var lastError: TipStoreError?
    }

    let store: TipStore
    private let present: @Sendable (TipContent) -> Void
    private let dismiss: @Sendable () -> Void
    private let state = Locked(State())

    init(store: TipStore, present: @escaping @Sendable (TipContent) -> Void, dismiss: @escaping @Sendable () -> Void) {
        self.store = store
        self.present = present
        self.dismiss = dismiss
    }

    /// The tip shown now, if any.
    var presented: Tip? { state.withLock { $0.presented } }

    /// The last error met recording a presentation (a journal failure).
    var lastError: TipStoreError? { state.withLock { $0.lastError } }

    /// Remembers the store observer that drives this slot, for `stop()` to remove.
    func observe(with id: Int) { state.withLock { $0.observer = id } }

    /// Shows `current` in place of the tip shown now (nil: show nothing): dismisses and ends
    /// the old presentation, then presents and begins the new one. Nothing when `current`
    /// is already shown or the slot is stopped.
    func show(_ current: Tip?) {
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

    /// Stops: dismisses and ends an ongoing presentation, and removes the observer.
    /// Idempotent. From inside `present` or `dismiss`, it takes effect right after that
    /// callback returns.
    func stop() {
        let observer = state.withLock { s -> Int? in
            guard !s.stopped else { return nil }
            s.stopped = true
            return s.observer
        }
        guard let observer else { return }
        store.removeObserver(observer)
        // Through the delivery queue, so it runs after any callback already under way.
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
}
