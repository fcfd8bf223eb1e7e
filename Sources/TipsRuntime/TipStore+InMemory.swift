import Foundation

/// Stores that keep their state in memory only: for SwiftUI previews, tests and demos.
extension TipStore {
    /// Opens a store whose state lives in memory only: no file is read or written, and
    /// the state is gone when the store is. Everything else behaves as with a journal
    /// file (statuses, observation, presenters, limits, resets, `close()`); `flush()` and
    /// `compact()` have nothing to do, and `journalPath` is empty.
    public convenience init(bundle: [UInt8], clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none) throws(TipStoreError) {
        try self.init(bundle: bundle, journalURL: nil, clock: clock, overrides: overrides, durability: .synced, io: .system)
    }

    /// An in-memory store (see `init(bundle:clock:overrides:)`) with the bundle file at
    /// `bundleURL`.
    public convenience init(bundleURL: URL, clock: any TipClock = SystemClock(),
                            overrides: TestingOverrides = .none) throws(TipStoreError) {
        try self.init(bundle: try TipStore.readBundle(bundleURL), clock: clock, overrides: overrides)
    }

    /// True when the store keeps its state in memory only.
    public var isInMemory: Bool {
        if case .memory = persistence { return true }
        return false
    }
}
