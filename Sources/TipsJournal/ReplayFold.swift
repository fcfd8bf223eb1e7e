/// Folds replayed records into a `JournalState`, as `JournalState.applyDeferringSort` does,
/// without hashing the event name of each donation.
///
/// Replayed donations come in runs of one event (and a journal of one busy event is one
/// long run), so the fold keeps the dictionary index of the last event's list and appends
/// through it while the next donation names the same event. The index stays valid while no
/// key is added or removed: any other record, or a new event, drops it.
struct ReplayFold {
    var state: JournalState
    /// Events whose donations arrived out of time order: sorted once by `finish()`.
    var unsorted = Set<String>()
    private var last: (event: String, index: Dictionary<String, [JournalState.Donation]>.Index)?

    init(_ state: JournalState) { self.state = state }

    mutating func apply(_ record: JournalRecord) {
        guard case .donate(let event, let at, let payload) = record else {
            last = nil
            state.applyDeferringSort(record, unsorted: &unsorted)
            return
        }
        let index: Dictionary<String, [JournalState.Donation]>.Index
        if let last, last.event == event {
            index = last.index
        } else {
            if let found = state.donations.index(forKey: event) {
                index = found
            } else {
                state.donations[event] = []
                index = state.donations.index(forKey: event)!
            }
            last = (event, index)
        }
        if Self.append(JournalState.Donation(at: at, payload: payload), to: &state.donations.values[index]) {
            unsorted.insert(event)
        }
    }

    /// Appends `d`; true when it is earlier than the list's last donation.
    @inline(__always)
    private static func append(_ d: JournalState.Donation, to list: inout [JournalState.Donation]) -> Bool {
        let outOfOrder = list.last.map { $0.at > d.at } ?? false
        list.append(d)
        return outOfOrder
    }

    /// Sorts what arrived out of order, and returns the state.
    mutating func finish() -> JournalState {
        state.finishDeferredSorts(unsorted)
        unsorted = []
        last = nil
        return state
    }
}
