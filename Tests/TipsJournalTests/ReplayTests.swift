import Foundation
import Testing
@testable import TipsJournal

@Suite struct ReplayTests {
    static let records: [JournalRecord] = [
        .param(name: "isPro", value: .bool(true), at: 1),
        .donate(event: "save", at: 2, payload: ["n": .int(1)]),
        .displayBegan(tip: "A", at: 3),
        .donate(event: "save", at: 4, payload: ["n": .int(2), "s": .string("é ✓")]),
        .displayEnded(tip: "A", at: 9),
        .invalidate(tip: "A", reason: "tipClosed", at: 10),
    ]

    /// A journal holding `records`, and its bytes.
    func makeJournal(_ dir: TempDir) throws -> (path: String, bytes: [UInt8]) {
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: Self.records)
        try j.close()
        return (path, readFile(path))
    }

    @Test func truncationAtEveryByteOfTheLastTwoRecordsRepairs() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let (path, bytes) = try makeJournal(dir)
        let starts = lineStarts(bytes)
        #expect(starts.count == 1 + Self.records.count)
        let firstCut = starts[starts.count - 2]
        for cut in firstCut...bytes.count {
            writeFile(path, Array(bytes[0..<cut]))
            // Whole lines before the cut survive; a partial one is cut off.
            let boundary = starts.last { $0 <= cut } ?? 0
            let complete = cut == bytes.count ? Self.records.count : (starts.firstIndex(of: boundary) ?? 1) - 1
            let j = try Journal.open(at: path)
            let report = j.report
            #expect(report.corruptedLines.isEmpty, "cut \(cut)")
            if cut == boundary || cut == bytes.count {
                #expect(report.repairs.isEmpty, "cut \(cut)")
            } else {
                #expect(report.repairs.count == 1, "cut \(cut)")
                #expect(report.repairedBytes == cut - boundary, "cut \(cut)")
            }
            #expect(j.state == JournalState(records: Self.records.prefix(complete)), "cut \(cut)")
            // The journal stays appendable, and the next open is clean.
            try j.append(.resetEligibility(tip: "A", at: 11))
            try j.close()
            let again = try Journal.readEntries(at: path)
            #expect(again.report.isClean, "cut \(cut)")
            #expect(again.entries.map(\.record) == Array(Self.records.prefix(complete)) + [.resetEligibility(tip: "A", at: 11)],
                    "cut \(cut)")
            // A cut line that still starts with its `{"seq":N,` took number N: the next
            // record gets N + 1, so no number is given out twice.
            let cutKeepsItsNumber = cut != boundary && cut != bytes.count && cut - boundary >= #"{"seq":\#(complete + 1),"#.utf8.count
            let next = UInt64(complete + (cutKeepsItsNumber ? 2 : 1))
            #expect(again.entries.map(\.seq) == Array(1...UInt64(complete)) + [next], "cut \(cut)")
        }
    }

    @Test func aCorruptedMiddleLineIsReportedSkippedAndKept() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let (path, bytes) = try makeJournal(dir)
        let starts = lineStarts(bytes)
        var bad = bytes
        bad[starts[2] + 20] ^= 0x04   // inside record 2 (line 3)
        writeFile(path, bad)
        let j = try Journal.open(at: path)
        let report = j.report
        #expect(report.corruptedLines.count == 1)
        #expect(report.corruptedLines.first?.line == 3)
        #expect(report.corruptedLines.first?.offset == starts[2])
        #expect(report.repairs.isEmpty)
        #expect(report.records == Self.records.count - 1)
        var expected = Self.records
        expected.remove(at: 1)
        #expect(j.state == JournalState(records: expected))
        try j.append(.resetStore(at: 99))
        try j.close()
        // Never truncated: the bad line is still there for forensics, followed by the rest.
        let after = readFile(path)
        #expect(Array(after.prefix(bad.count)) == bad)
        let read = try Journal.readEntries(at: path)
        #expect(read.report.corruptedLines.map(\.line) == [3])
        #expect(read.entries.map(\.seq) == [1, 3, 4, 5, 6, 7])

        // Compaction drops the unreadable line from the journal but keeps its bytes aside.
        let k = try Journal.open(at: path)
        try k.compact()
        #expect(try Journal.readEntries(at: path).report.isClean)
        #expect(readFile(path + ".corrupt") == Array(bad[starts[2]..<starts[3]]))
        #expect(k.state == JournalState(records: expected + [.resetStore(at: 99)]))
    }

    @Test func aCorruptedMiddleLineAndATornTail() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let (path, bytes) = try makeJournal(dir)
        let starts = lineStarts(bytes)
        var bad = Array(bytes.dropLast(5))
        bad[starts[3] + 2] = UInt8(ascii: "x")
        writeFile(path, bad)
        let j = try Journal.open(at: path)
        #expect(j.report.corruptedLines.map(\.line) == [4])
        #expect(j.report.repairs.map(\.line) == [7])
        var expected = Array(Self.records.dropLast())
        expected.remove(at: 2)
        #expect(j.state == JournalState(records: expected))
    }

    @Test func aCompleteLastLineWithABadChecksumIsRepaired() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let (path, bytes) = try makeJournal(dir)
        var bad = bytes
        bad[bad.count - 5] = bad[bad.count - 5] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        writeFile(path, bad)
        let j = try Journal.open(at: path)
        #expect(j.report.repairs.first?.reason == "crc mismatch")
        #expect(j.state == JournalState(records: Self.records.dropLast()))
    }

    @Test func missingAndEmptyFilesGetAHeader() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        #expect(j.report.createdHeader)
        try j.close()
        let text = String(decoding: readFile(path), as: UTF8.self)
        #expect(text.hasPrefix(#"{"journal":"tips","version":1,"created":"#))
        writeFile(path, [])
        let k = try Journal.open(at: path)
        #expect(k.report.createdHeader)
        #expect(try Journal.readEntries(at: path).report.isClean)
    }

    @Test func aTornHeaderIsRepaired() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        writeFile(path, Array(#"{"journal":"ti"#.utf8))
        let j = try Journal.open(at: path)
        #expect(j.report.repairs.count == 1)
        #expect(j.report.createdHeader)
    }

    @Test(arguments: [
        (#"{"journal":"tips","version":2,"created":0,"crc":"00000000"}"# + "\n", "version"),
        ("hello\n", "header"),
        ("hello", "header"),
        (#"{"journal":"tips","version":1,"created":0,"crc":"00000000"}"# + "\n", "header"),
    ])
    func badHeadersAreErrorsAndTheFileIsUntouched(_ content: String, _ kind: String) {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        writeFile(path, Array(content.utf8))
        do {
            _ = try Journal.open(at: path)
            Issue.record("opened a bad journal")
        } catch {
            if kind == "version" {
                #expect(error.kind == .unsupportedVersion(2))
                #expect(error.description.contains("unsupported journal version 2"))
            } else {
                #expect(error.kind == .invalidHeader)
            }
        }
        #expect(readFile(path) == Array(content.utf8))
    }

    @Test(arguments: [1, 37, 64, 100, 1000])
    func chunkBoundariesDontChangeTheResult(chunk: Int) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let (path, bytes) = try makeJournal(dir)
        let starts = lineStarts(bytes)
        var bad = Array(bytes.dropLast(3))
        bad[starts[2] + 30] ^= 0x10
        writeFile(path, bad)
        let expected = try Journal.readEntries(at: path)
        var options = JournalOptions()
        options.readChunkBytes = chunk
        let j = try Journal.open(at: path, options: options)
        #expect(j.report.corruptedLines == expected.report.corruptedLines)
        #expect(j.report.repairs == expected.report.repairs)
        #expect(j.state == JournalState(records: expected.entries.map(\.record)))
        // The cut last line (it lost its end) took number 6: the next record gets 7.
        #expect(j.lastSequence == 6)
    }
}
