import TipsRuntime

/// What status observers received during a scenario, per lane label: every tip is observed
/// from the moment the store opens, as an app's view would be, and `expect observed` checks
/// the values received since the previous check of the same tip.
final class ObservedStatuses: Sendable {
    private struct State {
        var received: [String: [TipStatus]] = [:]
        var checked: [String: Int] = [:]
    }

    // RuntimeLock, not Synchronization.Mutex: tipc runs on the developer's Mac, whose floor
    // is macOS 14, and Mutex is macOS 15.
    private let state = RuntimeLock(State())

    /// Records one delivery (called from the store's delivery of callbacks).
    func record(_ status: TipStatus, for label: String) {
        state.withLock { $0.received[label, default: []].append(status) }
    }

    /// The statuses received for `label` since the last call for it.
    func takeUnchecked(_ label: String) -> [TipStatus] {
        state.withLock { s in
            let all = s.received[label] ?? []
            let from = min(s.checked[label] ?? 0, all.count)
            s.checked[label] = all.count
            return Array(all[from...])
        }
    }
}
