import TipsBytecode

/// The engine's side of effectiveness events while a sink is registered: what the current
/// call produced (handed to the sink's queue when the call ends, under the lock, so the
/// sink sees the store's order) and the few facts an event needs that no record holds.
struct EventRecorder {
    let queue: EventSinkQueue
    /// Events of the call in progress.
    var pending: [EffectivenessEvent] = []
    /// The last action run on each tip id, and when: an ending by `actionPerformed` names it.
    var lastAction: [String: (id: String, at: Int64)] = [:]
    /// Presentations the call in progress ends for a reason no record tells (closing the
    /// store, a reset), by tip id.
    var endingHint: [String: EffectivenessEvent.PresentationEnding] = [:]
    /// Observer ids of the phase observers (one per known tip), to remove them with the sink.
    var observerIDs: [Int] = []

    init(queue: EventSinkQueue) { self.queue = queue }

    var options: EventSinkOptions { queue.options }
}

/// Where a tip stands for effectiveness events (a phase observer's value).
enum TipPhase: Hashable, Sendable {
    /// Its rules don't hold.
    case ineligible
    /// Its rules hold and nothing holds it back.
    case eligible
    /// Its rules hold, but something holds it back: it would have shown.
    case heldBack(EffectivenessEvent.SuppressionReason)
    /// Invalidated.
    case invalidated
}
