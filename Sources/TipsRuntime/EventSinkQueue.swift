import Dispatch

/// Hands effectiveness events to the app's sink: in order, in batches, on a serial
/// background queue, through a bounded buffer.
///
/// Not a `DeliveryQueue`: that one runs callbacks on whichever thread finds it idle, which
/// is the caller of the store method, so a slow presenter callback delays that call. A
/// sink may be slow (a network client, a disk) and must never delay `donate`: here the
/// store's thread only appends under a short lock and, when no batch is on its way, posts
/// one drain to the queue; the sink runs there, outside every lock.
final class EventSinkQueue: Sendable {
    private struct State {
        var buffer: [EffectivenessEvent] = []
        /// Events refused since the last `dropped` marker went into the buffer.
        var dropped = 0
        var draining = false
        /// The instant of the last event offered (a marker added by `flush` is dated there).
        var lastAt: Int64 = 0
    }

    private let state = RuntimeLock(State())
    private let queue = DispatchQueue(label: "tips.effectiveness-events", qos: .utility)
    let options: EventSinkOptions
    private let sink: @Sendable ([EffectivenessEvent]) -> Void

    /// Marks `queue`, so that a `flush` from inside the sink (which runs there) returns
    /// instead of waiting for itself.
    private static let onQueue = DispatchSpecificKey<Bool>()

    init(options: EventSinkOptions, sink: @escaping @Sendable ([EffectivenessEvent]) -> Void) {
        self.options = options
        self.sink = sink
        queue.setSpecific(key: EventSinkQueue.onQueue, value: true)
    }

    /// Appends `events` (called under the store's lock, so the order is the store's);
    /// never waits for the sink.
    func enqueue(_ events: [EffectivenessEvent]) {
        let post = state.withLock { s -> Bool in
            for e in events {
                s.lastAt = e.at
                if s.dropped > 0, s.buffer.count < options.capacity {
                    s.buffer.append(marker(s.dropped, at: e.at))
                    s.dropped = 0
                }
                // The marker's own place is reserved: a full buffer drops.
                if s.dropped == 0, s.buffer.count < options.capacity { s.buffer.append(e) } else { s.dropped += 1 }
            }
            if s.draining || s.buffer.isEmpty { return false }
            s.draining = true
            return true
        }
        if post { queue.async { self.drain() } }
    }

    private func marker(_ count: Int, at: Int64) -> EffectivenessEvent {
        EffectivenessEvent(kind: .dropped(count: count), catalog: options.catalog, tip: nil, at: at)
    }

    /// Runs on `queue`: hands over batches until the buffer is empty.
    private func drain() {
        while true {
            let batch = state.withLock { s -> [EffectivenessEvent] in
                if s.buffer.isEmpty {
                    s.draining = false
                    return []
                }
                let n = min(options.maxBatch, s.buffer.count)
                let batch = Array(s.buffer.prefix(n))
                s.buffer.removeFirst(n)
                return batch
            }
            if batch.isEmpty { return }
            sink(batch)
        }
    }

    /// Waits until every event enqueued before the call has been handed to the sink, and
    /// a pending drop count with it. For tests, and for an app about to be suspended.
    func flush() {
        if DispatchQueue.getSpecific(key: EventSinkQueue.onQueue) == true { return }
        state.withLock { s in
            if s.dropped > 0 {
                s.buffer.append(marker(s.dropped, at: s.lastAt))
                s.dropped = 0
            }
        }
        // The marker may have been appended while no drain was running.
        let post = state.withLock { s -> Bool in
            if s.draining || s.buffer.isEmpty { return false }
            s.draining = true
            return true
        }
        if post { queue.async { self.drain() } }
        queue.sync {}
    }
}
