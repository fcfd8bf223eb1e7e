import Foundation
import TipsJournal

/// `--at` as an "as of" view: the journal as it stood at that instant, with the records dated
/// later left out, so Wednesday's view does not show Thursday's invalidation. Compaction
/// summaries (`tip` lines) carry no instant and are kept: history folded into them cannot be
/// cut at an instant.
enum JournalAsOf {
    /// The flag that keeps every record instead (the whole journal evaluated at `--at`).
    static let allRecordsFlag = "--all-records"

    /// Rewrites the journal at `path` (a private copy) keeping the records dated at or before
    /// `at`; returns how many were left out. A journal that cannot be read is left as it is,
    /// for the runtime to report.
    static func cut(_ path: String, at: Int64) -> Int {
        guard FileManager.default.fileExists(atPath: path),
              let read = try? Journal.readEntries(at: path) else { return 0 }
        let kept = read.entries.map(\.record).filter { instant(of: $0).map { $0 <= at } ?? true }
        let dropped = read.entries.count - kept.count
        guard dropped > 0 else { return 0 }
        do {
            try FileManager.default.removeItem(atPath: path)
            let journal = try Journal.open(at: path, locking: .none)
            if !kept.isEmpty { _ = try journal.append(contentsOf: kept) }
            try journal.close()
            try? FileManager.default.removeItem(atPath: path + ".lock")
        } catch {
            return 0
        }
        return dropped
    }

    /// When a record happened, if it says.
    static func instant(of record: JournalRecord) -> Int64? {
        switch record {
        case .param(_, _, let at), .donate(_, let at, _), .displayBegan(_, let at), .displayEnded(_, let at),
             .invalidate(_, _, let at), .resetEligibility(_, let at), .resetStore(let at), .install(_, let at),
             .exposure(_, _, _, let at), .snooze(_, _, _, let at):
            at
        case .tipSnapshot:
            nil
        }
    }

    /// The note printed when records were left out.
    static func note(_ dropped: Int, journal: String) -> String {
        "tipc: note: \(journal): \(dropped) record\(dropped == 1 ? "" : "s") dated after --at left out "
            + "(the state as of that instant; \(allRecordsFlag) keeps them)\n"
    }
}
