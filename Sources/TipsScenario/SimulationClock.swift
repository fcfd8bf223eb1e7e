import TipsRuntime

/// A manual clock that stops at every wake-up the store schedules, so the runner can look
/// at every status exactly when time alone changes it (a donation leaving a window, a
/// cooldown ending, a display-duration limit) and draw it at that instant.
///
/// Like `ManualClock`, but `advance(to:step:)` calls back after each wake-up, and a wake-up
/// scheduled for an instant already passed waits for the next `fireDue` instead of firing
/// on another thread: a scenario is single-threaded and deterministic.
final class SimulationClock: TipClock {
    private struct State {
        var now: Int64
        var sequence = 0
        var pending: [(at: Int64, order: Int, wakeUp: TipWakeUp)] = []
    }

    private let state: RuntimeLock<State>

    init(start: Int64) {
        state = RuntimeLock(State(now: start))
    }

    func now() -> Int64 { state.withLock { $0.now } }

    func schedule(_ wakeUp: TipWakeUp, at instant: Int64) {
        state.withLock { s in
            s.sequence &+= 1
            s.pending.append((max(instant, s.now), s.sequence, wakeUp))
        }
    }

    /// Fires the wake-ups due now (scheduled at or before `now()`).
    func fireDue(step: () -> Void) { advance(to: now(), step: step) }

    /// Moves to `instant`, stopping at each wake-up on the way: `now()` is set to its instant,
    /// it fires, then `step` runs. Wake-ups scheduled by a fired one are honoured too.
    func advance(to instant: Int64, step: () -> Void) {
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
            guard next.isPending else { continue }
            next.fire()
            step()
        }
    }
}
