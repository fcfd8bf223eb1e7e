import Foundation
import TipsJournal
import TipsReport
import TipsRuntime

/// Rebuilds the effectiveness events a device's store made from its journal: the journal's
/// records are replayed, group by group, into a fresh in-memory `TipStore` with a sink, on a
/// `ManualClock` moved to each group's instant, so the runtime itself decides every event
/// (Docs/report.md, "Journals as input"). One journal at a time: memory is one chunk of the
/// journal's records, the store's state, and the events of a few thousand records.
public struct JournalReplay: Sendable {
    /// The compiled catalog the journals were written under.
    public var bundle: [UInt8]
    /// How the events name the catalog, and whether instance ids leave as ids (opt-in).
    public var options: EventSinkOptions

    /// Records replayed before the events so far are handed on (bounds the events held).
    static let recordsPerDrain = 4096

    public init(bundle: [UInt8], catalog: CatalogIdentity, includesInstanceIDs: Bool = false) {
        self.bundle = bundle
        // Nothing is dropped: the replay drains long before a buffer of this size fills.
        options = EventSinkOptions(catalog: catalog, capacity: 1 << 20, maxBatch: 4096, includesInstanceIDs: includesInstanceIDs)
    }

    /// What replaying one journal gave: the records read and what was wrong with the file.
    public struct Outcome: Sendable, Equatable {
        public var records = 0
        public var events = 0
        public var problems: [EventStreamReader.Problem] = []
    }

    /// Replays the journal at `path`, handing its events to `receive` in the order the
    /// store made them. A file that is not a journal gives one problem at line 1 and no
    /// events; a damaged line is skipped (the journal reader's rule) and listed.
    public func replay(journalAt path: String, _ receive: ([EffectivenessEvent]) -> Void) -> Outcome {
        var outcome = Outcome()
        let stream: JournalRecordStream
        do {
            stream = try JournalRecordStream(path: path)
        } catch {
            outcome.problems.append(.init(source: path, line: 1, reason: Self.reason(error, path: path)))
            return outcome
        }
        do throws(TipStoreError) {
            try replay(records: stream, outcome: &outcome, receive)
        } catch {
            outcome.problems.append(.init(source: path, line: 1, reason: "cannot replay: \(error)"))
        }
        let report = stream.report
        for bad in report.corruptedLines {
            outcome.problems.append(.init(source: path, line: bad.line, reason: "damaged record skipped: \(bad.reason)"))
        }
        for cut in report.repairs {
            outcome.problems.append(.init(source: path, line: cut.line, reason: "torn last line ignored: \(cut.reason)"))
        }
        for seq in report.sequenceProblems {
            outcome.problems.append(.init(source: path, line: seq.line,
                                          reason: "sequence number \(seq.seq) is not above \(seq.previous)"))
        }
        if let failure = stream.failure {
            outcome.problems.append(.init(source: path, line: max(1, report.records + 1), reason: Self.reason(failure, path: path)))
        }
        outcome.problems.sort { $0.line < $1.line }
        return outcome
    }

    /// Replays `records` (a journal's, in file order).
    public func replay(records: some Sequence<JournalRecord>, _ receive: ([EffectivenessEvent]) -> Void) throws(TipStoreError) -> Int {
        var outcome = Outcome()
        try replay(records: records, outcome: &outcome, receive)
        return outcome.events
    }

    private func replay(records: some Sequence<JournalRecord>, outcome: inout Outcome,
                        _ receive: ([EffectivenessEvent]) -> Void) throws(TipStoreError) {
        let collector = EventCollector()
        var replayer: (store: TipStore, clock: ManualClock)?
        var group: [JournalRecord] = []
        var groupAt: Int64?
        var sinceDrain = 0
        var latest = Int64.min
        var isFirst = true

        func drain(_ store: TipStore) {
            store.flushEvents()
            let events = collector.take()
            outcome.events += events.count
            if !events.isEmpty { receive(events) }
        }
        // A group is a run of records with one instant (a call's records: a donation and the
        // invalidations it triggers, an end and the limit it reaches), applied as one commit
        // so the statuses between them, which no live call showed, make no events.
        func commit() throws(TipStoreError) {
            guard !group.isEmpty else { return }
            let at = groupAt ?? replayer?.clock.now() ?? 0
            if replayer == nil {
                let clock = ManualClock(start: at)
                let store = try TipStore(bundle: bundle, clock: clock)
                // The device's install identifier (written at its first open, so in the first
                // group), so experiments assign the variants the device had; the fresh store's
                // own generated one would otherwise tie with it.
                for case .install(let id, _) in group { try store.setInstallIdentifier(id) }
                try store.setEventSink(options, collector.receive)
                replayer = (store, clock)
            }
            guard let (store, clock) = replayer else { return }
            // Dated before what was already replayed, or summaries after the first group:
            // another device's facts, merged in (its own sink reported them).
            let merged = at < latest || (!isFirst && group.contains { $0.instant == nil })
            isFirst = false
            latest = max(latest, at)
            clock.set(to: max(at, clock.now()))
            try store.replay(group, merged: merged)
            sinceDrain += group.count
            group.removeAll(keepingCapacity: true)
            groupAt = nil
            if sinceDrain >= Self.recordsPerDrain {
                sinceDrain = 0
                drain(store)
            }
        }
        for record in records {
            outcome.records += 1
            let at = record.instant
            // Compaction's summaries carry no instant: they join the next timed group.
            if let at, let current = groupAt, current != at { try commit() }
            if let at { groupAt = at }
            group.append(record)
        }
        try commit()
        if let (store, _) = replayer {
            drain(store)
            // The device's next launch ends a presentation still open, not the replay.
            store.removeEventSink()
            _ = collector.take()
        }
    }

    static func reason(_ error: JournalError, path: String) -> String {
        let text = error.description
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}

extension JournalRecord {
    /// When the record happened; nil for compaction's summary of a tip.
    var instant: Int64? {
        switch self {
        case .param(_, _, let at), .donate(_, let at, _), .displayBegan(_, let at), .displayEnded(_, let at),
             .invalidate(_, _, let at), .resetEligibility(_, let at), .resetStore(let at),
             .install(_, let at), .exposure(_, _, _, let at), .snooze(_, _, _, let at):
            return at
        case .tipSnapshot:
            return nil
        }
    }
}
