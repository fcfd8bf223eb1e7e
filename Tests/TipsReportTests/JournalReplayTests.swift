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
        var variants: [String: Set<String?>] = [:]
        for device in 0..<40 {
            let url = dir.appendingPathComponent(FleetSimulation.journalName(device))
            let events = try fleet.run(device: device, journal: url)
            for e in events { variants[e.tip ?? "", default: []].insert(e.variant) }
            let live = events.map { Self.asReplayed($0.json) }
            let (replayed, problems) = Self.events(of: url.path)
            #expect(problems.isEmpty, "\(problems)")
            let difference = "device \(device): live \(live.count), replayed \(replayed.count)\n"
                + "only live: \(Set(live).subtracting(replayed).sorted())\nonly replayed: \(Set(replayed).subtracting(live).sorted())"
            #expect(replayed.sorted() == live.sorted(), "\(difference)")
            compared += live.count
        }
        #expect(compared > 500)
        // ShareTip's experiment: both wordings and the holdout occur; the other tips run none.
        #expect(variants["ShareTip"] == ["plain", "benefit", "holdout"])
        #expect(variants["SearchTip"] == [nil] && variants["ProTip"] == [nil])
    }

    /// A device's variant follows from its seeded install identifier: the same seed gives the
    /// same variant, and the install record is the journal's first.
    @Test func variantsAreDeterministicForASeed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fleet = FleetSimulation(bundle: Self.bundle, seed: 7)
        #expect(fleet.installIdentifier(device: 0) == "fleet-7-device-1")
        func variants(_ name: String) throws -> [String?] {
            try (0..<12).map { device in
                let url = dir.appendingPathComponent(name + "-" + FleetSimulation.journalName(device))
                try fleet.run(device: device, journal: url)
                let first = try JournalRecordStream(path: url.path).first { _ in true }
                if case .install(let id, _)? = first { #expect(id == fleet.installIdentifier(device: device)) } else {
                    Issue.record("the journal does not start with an install record: \(String(describing: first))")
                }
                let store = try TipStore(bundle: Self.bundle, journalURL: url)
                defer { try? store.close() }
                return try store.variantAssignment(of: TipKey("ShareTip"))?.variant
            }
        }
        let once = try variants("a")
        #expect(try variants("b") == once)
        #expect(Set(once).isSubset(of: ["plain", "benefit", "holdout"]) && Set(once).count > 1)
    }
}

extension JournalReplayTests {
    /// The figures a report compares (every count of every row).
    static func counts(_ report: Report) -> [String] {
        report.rows.map { r in
            "\(r.tip) eligible \(r.eligible) shown \(r.shown) endings \(r.endings.sorted { $0.key < $1.key }) "
                + "invalidated \(r.invalidated.sorted { $0.key < $1.key }) suppressed \(r.suppressed.sorted { $0.key < $1.key }) "
                + "conversions \(r.conversions) after shown \(r.convertedAfterShown) median \(String(describing: r.medianTimeToConversion))"
        }
    }

    /// The facts every device made once: presentations, their endings, invalidations, conversions.
    static func facts(_ report: Report) -> [String] {
        report.rows.map { r in
            "\(r.tip) shown \(r.shown) endings \(r.endings.values.reduce(0, +)) invalidated \(r.invalidated.sorted { $0.key < $1.key }) "
                + "conversions \(r.conversions) after shown \(r.convertedAfterShown)"
        }
    }

    /// Merges journals as `tipc journal merge` does (Docs/sync.md) into `output`.
    static func merge(_ inputs: [String], into output: String) throws {
        var merged = JournalMerge()
        for input in inputs { merged.merge(records: try JournalRecordStream(path: input)) }
        let journal = try Journal.open(at: output)
        _ = try journal.append(contentsOf: merged.records)
        try journal.close()
    }

    /// A device that synced: its own history, then the other device's facts merged in, as
    /// `TipStore.merge(records:)` appends them.
    static func synced(_ own: String, with other: String, into output: String) throws {
        try FileManager.default.copyItem(atPath: own, toPath: output)
        let journal = try Journal.open(at: output)
        let incoming = JournalMerge(records: try JournalRecordStream(path: other))
        try journal.merge(incoming)
        try journal.close()
    }

    @Test func replayingTwiceOrWithAMergeCountsEveryEventOnce() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fleet = FleetSimulation(bundle: Self.bundle, seed: 11)
        let paths = (0..<6).map { dir.appendingPathComponent(FleetSimulation.journalName($0)).path }
        for (i, path) in paths.enumerated() { try fleet.run(device: i, journal: URL(fileURLWithPath: path)) }
        let merged = dir.appendingPathComponent("merged-1-2.jsonl").path
        try Self.merge([paths[1], paths[2]], into: merged)
        let synced = dir.appendingPathComponent("synced-3-4.jsonl").path
        try Self.synced(paths[3], with: paths[4], into: synced)

        let (once, problems) = Self.report(paths)
        #expect(problems.isEmpty, "\(problems)")
        #expect(once.duplicates == 0 && once.read > 100)
        // Every figure, read twice: the second copy is all duplicates.
        let (twice, _) = Self.report(paths + paths)
        #expect(Self.counts(twice) == Self.counts(once))
        #expect(twice.duplicates == once.read && twice.read == 2 * once.read)
        // A journal and its merge with another device's, and a device that synced: every
        // presentation, ending, invalidation and conversion counts once.
        let cases: [(String, [String])] = [
            ("merged after its inputs", paths + [merged]),
            ("merged before its inputs", [merged] + paths),
            ("synced after its inputs", paths + [synced]),
            ("synced before its inputs", [synced] + paths),
            ("synced and merged, twice", paths + [synced, merged, synced, merged]),
        ]
        for (name, inputs) in cases {
            let (report, problems) = Self.report(inputs)
            #expect(problems.isEmpty, "\(name): \(problems)")
            #expect(Self.facts(report) == Self.facts(once), "\(name)")
        }
        // A synced device's journal replays its own history as its sink heard it: the merged-in group adds nothing.
        #expect(Self.events(of: synced).lines == Self.events(of: paths[3]).lines)
    }
}

extension JournalReplayTests {
    /// Damaged journals: each is reported as FILE:LINE with why, its good lines still count,
    /// and nothing crashes.
    /// The damage: how each case changes a good journal's lines.
    static func damage(_ name: String, _ lines: [String]) -> [String] {
        switch name {
        case "not-a-journal": return ["hello, world"]
        case "bad-crc": return lines.enumerated().map { $0.offset == 2 ? $0.element.replacingOccurrences(of: #""at":17"#, with: #""at":18"#) : $0.element }
        case "garbage-line": return Array(lines[..<3]) + ["\u{1}\u{2}{{{ not json"] + Array(lines[3...])
        case "torn-tail": return Array(lines.dropLast()) + [String(lines.last!.prefix(20))]
        case "header-only": return [lines[0]]
        default: return []
        }
    }

    @Test(arguments: ["not-a-journal", "bad-crc", "garbage-line", "torn-tail", "header-only", "empty"])
    func damagedJournalsAreReportedWhereAndWhy(name: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = dir.appendingPathComponent("good.jsonl")
        try FleetSimulation(bundle: Self.bundle, seed: 3).run(device: 0, journal: good)
        let lines = try String(contentsOf: good, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count > 8)
        let damaged = Self.damage(name, lines)
        let path = dir.appendingPathComponent(name + ".jsonl").path
        var text = damaged.joined(separator: "\n")
        if name != "torn-tail", !damaged.isEmpty { text += "\n" }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (events, problems) = Self.events(of: path)
        let rendered = problems.map { "\(name).jsonl:\($0.line): error: \($0.reason.replacingOccurrences(of: dir.path + "/", with: ""))" }
        expectGolden(rendered.joined(separator: "\n") + "\n" + "events: \(events.count)\n", "damaged-\(name).txt")
        let (report, _) = Self.report([path, good.path])
        // The good journal's events count whatever the damaged one holds.
        #expect(report.read >= Self.events(of: good.path).lines.count)
    }
}

extension JournalReplayTests {
    /// Three devices' export and report, as goldens; the report over the journals and the
    /// report over their export are the same report.
    @Test func exportAndReportOfThreeDevices() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fleet = FleetSimulation(bundle: Self.bundle, seed: 24)
        let paths = (0..<3).map { dir.appendingPathComponent(FleetSimulation.journalName($0)).path }
        for (i, path) in paths.enumerated() { try fleet.run(device: i, journal: URL(fileURLWithPath: path)) }
        var export = ""
        for path in paths {
            let (lines, problems) = Self.events(of: path)
            #expect(problems.isEmpty)
            for line in lines { export += line + "\n" }
        }
        expectGolden(export, "fleet-3-export.ndjson")
        var reader = EventStreamReader()
        reader.feed(Array(export.utf8))
        reader.finish()
        #expect(reader.problems.isEmpty)
        let (fromJournals, _) = Self.report(paths)
        #expect(fromJournals.json.rendered(pretty: true) == reader.aggregator.report.json.rendered(pretty: true))
        expectGolden(fromJournals.text, "fleet-3-report.txt")
    }

    /// A presentation's identity leaves out its ordinal, which depends on the journal that replayed it.
    @Test(arguments: [
        ("T#1@1767225600000", "T@1767225600000"),
        ("T#12@5", "T@5"),
        ("i0123456789abcdef#2@7", "i0123456789abcdef@7"),
        ("List(a#b)#3@9", "List(a#b)@9"),
        ("no-ordinal@9", "no-ordinal@9"),
        ("plain", "plain"),
    ])
    func presentationKeyDropsTheOrdinal(id: String, key: String) {
        let event = ReportEvent(kind: "shown", tip: "T", at: 0, presentation: id)
        #expect(event.presentationKey == key)
        let other = ReportEvent(kind: "shown", tip: "T", at: 0, presentation: id.replacingOccurrences(of: "#1@", with: "#2@"))
        #expect((event.identity == other.identity) == (event.presentationKey == other.presentationKey))
    }
}
