extension TipStore {
    /// The status of `tip`, now and after every change: an `AsyncStream` that yields the
    /// current status at once, then each new status exactly once when it changes (never
    /// the same value twice in a row), including changes caused by time alone (a donation
    /// leaving a window, a cooldown ending, a duration limit reached). Ends when the store
    /// closes; stop observing by cancelling the consuming task. A tip an adopted catalog
    /// removed yields `notInLiveCatalog`, and its status again when a catalog that has it
    /// is adopted.
    public func statusUpdates(of tip: TipKey) throws(TipStoreError) -> AsyncStream<TipStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: TipStatus.self, bufferingPolicy: .unbounded)
        let id = try withEngine(writing: false) { e throws(TipStoreError) in
            e.addObserver(try e.observedTarget(tip), .statusStream(continuation), deliveries: deliveries)
        }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(id) }
        return stream
    }

    /// The current tip of group `group`, now and after every change (nil when no member
    /// is current), with the same guarantees as `statusUpdates(of:)`.
    public func currentTipUpdates(inGroup group: TipGroupKey) throws(TipStoreError) -> AsyncStream<TipKey?> {
        let (stream, continuation) = AsyncStream.makeStream(of: TipKey?.self, bufferingPolicy: .unbounded)
        let id = try withEngine(writing: false) { e throws(TipStoreError) in
            e.addObserver(.group(try TipStore.group(group.name, e)), .groupStream(continuation), deliveries: deliveries)
        }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(id) }
        return stream
    }

    /// Registers a callback observer (presenters); the current value is delivered first.
    /// Callbacks run one at a time, in order, outside the store's lock.
    func observe(_ tip: TipKey, _ callback: @escaping @Sendable (ObservedValue) -> Void) throws(TipStoreError) -> Int {
        try withEngine(writing: false) { e throws(TipStoreError) in
            e.addObserver(try e.observedTarget(tip), .callback(callback), deliveries: deliveries)
        }
    }

    /// Registers a callback observer of a group's current tip.
    func observe(group: String, _ callback: @escaping @Sendable (ObservedValue) -> Void) throws(TipStoreError) -> Int {
        try withEngine(writing: false) { e throws(TipStoreError) in
            e.addObserver(.group(try TipStore.group(group, e)), .callback(callback), deliveries: deliveries)
        }
    }

    /// Stops telling observer `id`.
    func removeObserver(_ id: Int) {
        engine.withLock { e in
            e.observers[id] = nil
            e.breakpoints.valid = false
            e.reschedule(clock: clock) { TipWakeUp { [weak self] in self?.timeDidPass() } }
        }
    }

    /// Number of registered observers (streams and presenters), for tests and tools.
    public var observerCount: Int { engine.withLock { $0.observers.count } }
}
