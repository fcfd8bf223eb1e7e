/// Receives effectiveness events (Docs/events.md): in order, in batches, on a background
/// queue, one batch at a time.
public protocol EffectivenessEventSink: Sendable {
    /// A batch of events, oldest first. May take its time: the store never waits for it
    /// (events beyond ``EventSinkOptions/capacity`` are dropped and counted instead).
    func receive(_ events: [EffectivenessEvent])
}

extension TipStore {
    /// Registers the sink that receives this store's effectiveness events from now on,
    /// replacing any earlier one (whose queued events are delivered first). Events come
    /// in the order the store made them, in batches of at most `options.maxBatch`, on a
    /// serial background queue, never under the store's lock and never on the caller's
    /// thread. A call such as `donate` only appends to a bounded buffer: a slow sink costs
    /// it nothing, and when the buffer is full events are dropped and counted
    /// (`EffectivenessEvent.Kind.dropped`).
    public func setEventSink(_ options: EventSinkOptions,
                             _ sink: @escaping @Sendable ([EffectivenessEvent]) -> Void) throws(TipStoreError) {
        let queue = EventSinkQueue(options: options, sink: sink)
        let old = try withEngine(writing: false) { e -> EventSinkQueue? in
            let old = e.events?.queue
            e.setEventSink(queue)
            return old
        }
        old?.flush()
    }

    /// ``setEventSink(_:_:)`` with a sink type of the app's.
    public func setEventSink(_ options: EventSinkOptions, _ sink: some EffectivenessEventSink) throws(TipStoreError) {
        try setEventSink(options) { sink.receive($0) }
    }

    /// Stops producing events; those already queued are still delivered (this waits for it).
    public func removeEventSink() {
        let old = engine.withLock { e -> EventSinkQueue? in
            let old = e.events?.queue
            e.setEventSink(nil)
            return old
        }
        old?.flush()
    }

    /// Waits until every event made before the call has been handed to the sink (with a
    /// `dropped` count for any left out): before the app is suspended, and in tests. From
    /// inside the sink it returns at once (waiting there would wait for itself).
    public func flushEvents() {
        engine.withLock { $0.events?.queue }?.flush()
    }
}
