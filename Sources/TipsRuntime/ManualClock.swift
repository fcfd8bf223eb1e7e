import Dispatch

/// A clock that moves only when told to: for tests, previews and simulations.
///
/// `advance(by:)` walks forward through every scheduled wake-up in time order, setting
/// `now()` to each one's instant before firing it, so observers see every intermediate
/// status exactly when it happens. Sleepers (`sleep(until:)`) are woken the same way.
public final class ManualClock: TipClock {
    private struct State {
        var now: Int64
        var sequence = 0
        var pending: [(at: Int64, order: Int, wakeUp: TipWakeUp)] = []
    }

    private let state: RuntimeLock<State>

    /// A clock reading `start` (ms since the Unix epoch; default 2026-01-01T00:00:00Z).
    public init(start: Int64 = 1_767_225_600_000) {
        state = RuntimeLock(State(now: start))
    }

    public func now() -> Int64 { state.withLock { $0.now } }

    public func schedule(_ wakeUp: TipWakeUp, at instant: Int64) {
        let overdue = state.withLock { s -> Bool in
            if instant <= s.now { return true }
            // Drop cancelled wake-ups so a store that re-plans often doesn't pile them up.
            s.pending.removeAll { !$0.wakeUp.isPending }
            s.sequence &+= 1
            s.pending.append((instant, s.sequence, wakeUp))
            return false
        }
        // Already due: fire soon, but never from inside this call (see TipClock).
        if overdue { DispatchQueue.global().async { wakeUp.fire() } }
    }

    /// Moves time forward by `milliseconds`, firing due wake-ups in order.
    public func advance(by milliseconds: Int64) {
        let (target, overflow) = now().addingReportingOverflow(max(0, milliseconds))
        advance(to: overflow ? Int64.max : target)
    }

    /// Moves time forward by `seconds`.
    public func advance(seconds: Int64) { advance(by: seconds &* 1000) }
    /// Moves time forward by `minutes`.
    public func advance(minutes: Int64) { advance(by: minutes &* 60_000) }
    /// Moves time forward by `hours`.
    public func advance(hours: Int64) { advance(by: hours &* 3_600_000) }
    /// Moves time forward by `days` (of 24 hours).
    public func advance(days: Int64) { advance(by: days &* 86_400_000) }

    /// Moves time forward to `instant` (no-op if it is in the past), firing every wake-up
    /// scheduled at or before it, each with `now()` set to its own instant. Wake-ups that
    /// fired actions schedule on the way are fired too if they fall before `instant`.
    public func advance(to instant: Int64) {
        while true {
            let next = state.withLock { s -> TipWakeUp? in
                guard let i = s.pending.indices.min(by: { (s.pending[$0].at, s.pending[$0].order) < (s.pending[$1].at, s.pending[$1].order) }),
                      s.pending[i].at <= instant else {
                    s.now = max(s.now, instant)
                    return nil
                }
                let item = s.pending.remove(at: i)
                s.now = max(s.now, item.at)
                return item.wakeUp
            }
            guard let next else { return }
            next.fire()
        }
    }

    /// Sets the time to `instant`, backwards included (a user changing the device clock).
    /// Wake-ups at or before a later instant fire as with `advance(to:)`.
    public func set(to instant: Int64) {
        if instant >= now() {
            advance(to: instant)
        } else {
            state.withLock { $0.now = instant }
        }
    }

    /// Suspends until the clock reaches `instant` (returns at once if it already has).
    public func sleep(until instant: Int64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            schedule(TipWakeUp { continuation.resume() }, at: instant)
        }
    }

    /// Wake-ups scheduled and not yet fired or cancelled.
    public var pendingWakeUps: Int {
        state.withLock { s in s.pending.filter { $0.wakeUp.isPending }.count }
    }
}
