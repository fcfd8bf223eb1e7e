import Foundation
import Testing
import TipsBenchSupport
@testable import TipsJournal

/// The streaming side of `tipc journal merge` (issue 19): `JournalRecordStream` reads what
/// `Journal.readEntries` reads, chunk by chunk; `JournalMerge.merge(records:)` folds
/// records in as `merge(JournalMerge(records:))` does.
@Suite struct JournalMergeStreamTests {
    /// Random records, then a compaction snapshot of their state (tip snapshots included).
    static func records(seed: UInt64, count: Int) -> [JournalRecord] {
        var rng = SeededGenerator(seed: seed)
        let random = (0..<count).map { _ in randomRecord(&rng) }
        return random + CompactionPolicy.keepAll.snapshotRecords(of: JournalState(records: random), now: 1_700_000_200_000)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func foldingRecordsInEqualsMergingTheirFacts(seed: UInt64) {
        let base = JournalMerge(records: Self.records(seed: seed &* 7, count: 300))
        let other = Self.records(seed: seed, count: 300)
        var streamed = base
        streamed.merge(records: other)
        #expect(streamed == base.merging(JournalMerge(records: other)))
        // Idempotent, as the merge is.
        var again = streamed
        again.merge(records: other)
        #expect(again == streamed)
    }

    @Test(arguments: [64, 200, 1000, 1 << 20])
    func theStreamReadsWhatTheReaderReads(chunkBytes: Int) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let journal = try Journal.open(at: path)
        try journal.append(contentsOf: Self.records(seed: 9, count: 200))
        try journal.close()
        // Damage: a corrupted line in the middle, a line longer than the small chunks, a torn tail.
        var bytes = readFile(path)
        let starts = lineStarts(bytes)
        bytes.replaceSubrange(starts[50]..<(starts[50] + 8), with: Array("garbage!".utf8))
        let long = Array("{\"seq\":999,\"t\":\"d\",\"e\":\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3000) + Array("\"}\n".utf8)
        bytes.insert(contentsOf: long, at: starts[120])
        bytes += Array("{\"seq\":1000,\"t\":\"d\"".utf8)
        writeFile(path, bytes)

        let expected = try Journal.readEntries(at: path)
        let stream = try JournalRecordStream(path: path, chunkBytes: chunkBytes)
        let records = Array(stream)
        #expect(stream.failure == nil)
        #expect(records == expected.entries.map(\.record))
        #expect(stream.report.corruptedLines == expected.report.corruptedLines)
        #expect(stream.report.repairs == expected.report.repairs)
        #expect(stream.report.records == records.count)
        #expect(stream.report.corruptedLines.count == 2)
    }

    @Test func theStreamRefusesWhatTheReaderRefuses() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        writeFile(dir.file("notes.txt"), Array("hello\n".utf8))
        #expect(throws: JournalError.self) { try JournalRecordStream(path: dir.file("notes.txt")) }
        #expect(throws: JournalError.self) { try JournalRecordStream(path: dir.path) }
        #expect(throws: JournalError.self) { try JournalRecordStream(path: dir.file("missing.jsonl")) }
        writeFile(dir.file("empty.jsonl"), [])
        #expect(Array(try JournalRecordStream(path: dir.file("empty.jsonl"))).isEmpty)
    }
}
