import Foundation
import TipsJournal

extension TipStore {
    /// Opens a store whose journal is written but never fsynced: for simulations whose
    /// journal lives in a scratch folder for one run and need survive no crash (`tipc test`
    /// opens one per scenario and again at each `relaunch`; the three or more fsyncs of a
    /// real store were most of a scenario's time). Everything else, replay on reopening
    /// included, is a journal-backed store's. Package-only: an app's state must be durable.
    package convenience init(simulatingBundle bundle: [UInt8], journalURL: URL, clock: any TipClock,
                             overrides: TestingOverrides, durability: Durability) throws(TipStoreError) {
        try self.init(bundle: bundle, journalURL: journalURL, clock: clock, overrides: overrides, durability: durability,
                      io: .noSync)
    }
}
