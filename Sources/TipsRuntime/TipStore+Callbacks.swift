extension TipStore {
    /// Calls `callback` with the status of `tip` now and after every change: the values
    /// `statusUpdates(of:)` would yield, in the same order, but through a callback. Callbacks
    /// run one at a time, outside the store's lock, before the store call that caused them
    /// returns (unless another thread is delivering), so a single-threaded caller such as a
    /// test or a scenario sees them synchronously. Returns an id for `stopObserving(_:)`.
    public func observeStatus(of tip: TipKey, _ callback: @escaping @Sendable (TipStatus) -> Void) throws(TipStoreError) -> Int {
        let id = try observe(tip) { value in
            if case .status(let status) = value { callback(status) }
        }
        deliveries.drain()
        return id
    }

    /// Stops the callbacks of an `observeStatus(of:_:)` registration.
    public func stopObserving(_ id: Int) {
        removeObserver(id)
    }
}
