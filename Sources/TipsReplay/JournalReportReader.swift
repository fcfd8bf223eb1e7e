import TipsReport
import TipsRuntime

/// Folds journals into a report: each is replayed (``JournalReplay``) and its events are
/// counted by the same ``ReportAggregator`` an export's lines go through, read back from
/// their JSON form, so a journal and its export give the same figures by construction.
public struct JournalReportReader: Sendable {
    public var replay: JournalReplay
    public var aggregator = ReportAggregator()
    public private(set) var problems: [EventStreamReader.Problem] = []
    /// Journals and records read.
    public private(set) var journals = 0
    public private(set) var records = 0

    public init(replay: JournalReplay) { self.replay = replay }

    /// Replays the journal at `path` and counts its events.
    public mutating func read(journalAt path: String) {
        // Moved out and back rather than copied: a copy would duplicate the seen identities.
        var aggregator = ReportAggregator()
        swap(&aggregator, &self.aggregator)
        var unreadable: [EventStreamReader.Problem] = []
        let outcome = replay.replay(journalAt: path) { batch in
            for event in batch {
                do {
                    aggregator.add(try ReportEvent(line: Array(event.json.utf8)))
                } catch {
                    unreadable.append(.init(source: path, line: 0, reason: "the runtime made an event this reader cannot read: \(error)"))
                }
            }
        }
        swap(&aggregator, &self.aggregator)
        journals += 1
        records += outcome.records
        // The first problems say enough; a folder of garbage must not grow this list without end.
        for problem in outcome.problems + unreadable where problems.count < 100 { problems.append(problem) }
    }
}
