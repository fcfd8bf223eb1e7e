
/// Runs callbacks one at a time, in the order they were enqueued, outside the store's
/// lock, so a callback may call back into the store (a presenter recording a presentation
/// it just showed).
///
/// Whoever finds the queue idle drains it; a callback that causes more callbacks (directly
/// or from another thread) just enqueues them, and the draining thread runs them next.
final class DeliveryQueue: Sendable {
    private struct State {
        var items: [@Sendable () -> Void] = []
        var draining = false
    }

    private let state = RuntimeLock(State())

    /// Adds a callback (cheap; callable under other locks).
    func enqueue(_ item: @escaping @Sendable () -> Void) {
        state.withLock { $0.items.append(item) }
    }

    /// Runs queued callbacks until none are left, unless another drain is running (then
    /// that one runs them). Call with no lock held.
    func drain() {
        let mine = state.withLock { s -> Bool in
            if s.draining || s.items.isEmpty { return false }
            s.draining = true
            return true
        }
        guard mine else { return }
        while true {
            let next = state.withLock { s -> (@Sendable () -> Void)? in
                if s.items.isEmpty {
                    s.draining = false
                    return nil
                }
                return s.items.removeFirst()
            }
            guard let next else { return }
            next()
        }
    }
}
