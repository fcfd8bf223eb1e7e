import Testing
@testable import TipsJournal

/// `exposure` and `install` records: their exact lines, the earliest-wins rule in replay
/// and in merges (so two devices keep one variant), what `resetStore` and compaction keep.
@Suite struct ExposureTests {
    static let key = Exposure.Key(tip: "SearchTip", experiment: "copy")

    /// The documented lines (Docs/journal.md), decoded and re-encoded byte for byte.
    @Test(arguments: [
        ("{\"seq\":3,\"t\":\"exposure\",\"at\":1767225600000,\"tip\":\"SearchTip\",\"experiment\":\"copy\",\"variant\":\"short\",\"crc\":\"%@\"}",
         JournalRecord.exposure(tip: "SearchTip", experiment: "copy", variant: "short", at: 1_767_225_600_000)),
        ("{\"seq\":2,\"t\":\"install\",\"at\":1767225500000,\"id\":\"3F2504E0-4F89-41D3-9A0C-0305E82C3301\",\"crc\":\"%@\"}",
         .install(id: "3F2504E0-4F89-41D3-9A0C-0305E82C3301", at: 1_767_225_500_000)),
    ])
    func linesAreExact(template: String, record: JournalRecord) throws {
        var out: [UInt8] = []
        let seq: UInt64 = record.isInstall ? 2 : 3
        LineEncoder.appendLine(seq: seq, body: try LineEncoder.recordBody(record, path: "t"), to: &out)
        let line = String(decoding: out.dropLast(), as: UTF8.self)
        let body = Array(line.utf8.dropLast(18))
        let crc = String(CRC32.checksum(body), radix: 16)
        let expected = template.replacingOccurrences(of: "%@", with: String(repeating: "0", count: 8 - crc.count) + crc)
        #expect(line == expected)
        let decoded = try out.withUnsafeBytes { try LineDecoder.decodeRecord(UnsafeRawBufferPointer(rebasing: $0[0..<(out.count - 1)])) }
        #expect(decoded == JournalEntry(seq: seq, record: record))
    }

    /// The earliest exposure wins whatever the order; a tie goes to the smaller name.
    @Test(arguments: [
        ([("b", 20), ("a", 10)], "a"),
        ([("a", 10), ("b", 20)], "a"),
        ([("b", 10), ("a", 10)], "a"),
        ([("holdout", 5), ("a", 10)], "holdout"),
    ] as [([(String, Int64)], String)])
    func earliestExposureWins(exposures: [(String, Int64)], winner: String) {
        let records = exposures.map { JournalRecord.exposure(tip: "SearchTip", experiment: "copy", variant: $0.0, at: $0.1) }
        #expect(JournalState(records: records).exposures[Self.key]?.variant == winner)
        #expect(JournalState(records: records.reversed()).exposures[Self.key]?.variant == winner)
        // Two devices, one exposure each: both keep the same variant after merging.
        let merged = records.map { JournalMerge(records: [$0]) }.reduce(JournalMerge()) { $0.merging($1) }
        #expect(merged.state.exposures[Self.key]?.variant == winner)
    }

    @Test func resetStoreForgetsExposuresAndKeepsTheInstall() {
        let s = JournalState(records: [.install(id: "i", at: 1), .exposure(tip: "T", experiment: "x", variant: "a", at: 2),
                                       .resetStore(at: 3)])
        #expect(s.exposures.isEmpty)
        #expect(s.install == InstallIdentity(id: "i", at: 1))
        let merged = JournalMerge(records: [.install(id: "i", at: 1), .exposure(tip: "T", experiment: "x", variant: "a", at: 2)])
            .merging(JournalMerge(records: [.resetStore(at: 3)]))
        #expect(merged.state.exposures.isEmpty)
        #expect(merged.state.install?.id == "i")
    }

    @Test func theEarliestInstallWins() {
        let a = JournalMerge(records: [.install(id: "later", at: 9)])
        let b = JournalMerge(records: [.install(id: "earlier", at: 4)])
        #expect(a.merging(b).state.install?.id == "earlier")
        #expect(b.merging(a).state.install?.id == "earlier")
    }

    @Test func compactionKeepsExposuresAndTheInstall() {
        let state = JournalState(records: [.install(id: "i", at: 1), .exposure(tip: "T", experiment: "x", variant: "b", at: 5),
                                           .exposure(tip: "A", experiment: "y", variant: "holdout", at: 6),
                                           .exposure(tip: "T", experiment: "x", variant: "a", at: 7)])
        let snapshot = CompactionPolicy.keepAll.snapshotRecords(of: state, now: 100)
        #expect(snapshot == [.install(id: "i", at: 1), .exposure(tip: "A", experiment: "y", variant: "holdout", at: 6),
                             .exposure(tip: "T", experiment: "x", variant: "b", at: 5)])
        #expect(JournalState(records: snapshot) == state)
    }

    /// A device that receives the other's earlier exposure appends it, and then has it.
    @Test func theDeltaBringsTheEarlierExposure() {
        let mine: [JournalRecord] = [.exposure(tip: "T", experiment: "x", variant: "b", at: 20)]
        let theirs: [JournalRecord] = [.install(id: "j", at: 2), .exposure(tip: "T", experiment: "x", variant: "a", at: 10)]
        let facts = JournalMerge(records: mine)
        let target = facts.merging(JournalMerge(records: theirs))
        let delta = facts.records(toReach: target, from: JournalState(records: mine))
        #expect(delta == [.install(id: "j", at: 2), .exposure(tip: "T", experiment: "x", variant: "a", at: 10)])
        let after = JournalState(records: mine + delta)
        #expect(after.exposures[Exposure.Key(tip: "T", experiment: "x")]?.variant == "a")
        // A second delivery appends nothing.
        #expect(JournalMerge(records: mine + delta).records(toReach: target, from: after).isEmpty)
    }
}

extension JournalRecord {
    var isInstall: Bool { if case .install = self { true } else { false } }
}
