import Foundation
import Testing
import TipsCompile
import TipsJournal
import TipsReplay
import TipsReport
import TipsRuntime
import TipsSource
import TipsTestSupport

/// Journals as the report's input: the fleet's journals, written by real stores, replayed
/// through the runtime, against the events those stores' sinks received live.
@Suite struct JournalReplayTests {
    static let bundle: [UInt8] = {
        var sources = SourceSet()
        sources.add(path: "catalog.tips", text: FleetSimulation.source)
        return Compiler.compile(sources: sources).bytes ?? []
    }()

    /// A scratch folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tips-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var replay: JournalReplay { JournalReplay(bundle: bundle, catalog: FleetSimulation.catalog) }

    static func events(of path: String) -> (lines: [String], problems: [EventStreamReader.Problem]) {
        var lines: [String] = []
        let outcome = replay.replay(journalAt: path) { lines += $0.map(\.json) }
        return (lines, outcome.problems)
    }

    static func report(_ paths: [String]) -> (Report, [EventStreamReader.Problem]) {
        var reader = JournalReportReader(replay: replay)
        for path in paths { reader.read(journalAt: path) }
        return (reader.aggregator.report, reader.problems)
    }

    /// What a journal cannot hold, said the way a replay says it: an action's id.
    static func asReplayed(_ line: String) -> String {
        line.replacingOccurrences(of: #""ending":"action","action":"share""#,
                                  with: #""ending":"invalidated","reason":"actionPerformed""#)
    }

    @Test func replayGivesTheEventsTheLiveSinksReceived() throws {
        #expect(!Self.bundle.isEmpty)
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fleet = FleetSimulation(bundle: Self.bundle, seed: 7)
        var compared = 0
        for device in 0..<40 {
            let url = dir.appendingPathComponent(FleetSimulation.journalName(device))
            let live = try fleet.run(device: device, journal: url).map { Self.asReplayed($0.json) }
            let (replayed, problems) = Self.events(of: url.path)
            #expect(problems.isEmpty, "\(problems)")
            let difference = "device \(device): live \(live.count), replayed \(replayed.count)\n"
                + "only live: \(Set(live).subtracting(replayed).sorted())\nonly replayed: \(Set(replayed).subtracting(live).sorted())"
            #expect(replayed.sorted() == live.sorted(), "\(difference)")
            compared += live.count
        }
        #expect(compared > 500)
    }
}
