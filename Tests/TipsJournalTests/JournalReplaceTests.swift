import Foundation
import Testing
@testable import TipsJournal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Journal.replace(at:created:visitCurrent:with:)`: what `tipc journal merge -o` writes
/// with (issue 19, item 4).
@Suite struct JournalReplaceTests {
    static func donation(_ n: Int) -> JournalRecord {
        .donate(event: "e", at: 1_700_000_000_000 + Int64(n), payload: ["n": .int(Int64(n))])
    }

    /// An open writer follows the new file as it follows a compaction: its next append
    /// lands in it, numbered on, and nothing it had acknowledged is lost.
    @Test func anOpenWriterFollowsTheReplacedFile() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let writer = try Journal.open(at: path)
        try writer.append(contentsOf: (0..<5).map(Self.donation))
        let header = try #require(String(decoding: readFile(path), as: UTF8.self).split(separator: "\n").first)
        var seen: [JournalRecord] = []
        let report = try Journal.replace(at: path, created: 42, visitCurrent: { seen.append($0.record) }) { file throws(JournalError) in
            for record in seen { try file.append(record) }
            try file.append(Self.donation(100))
        }
        #expect(seen == (0..<5).map(Self.donation))
        #expect(report?.records == 5)
        let lines = String(decoding: readFile(path), as: UTF8.self).split(separator: "\n")
        #expect(lines.first == header, "the header (created) is kept")
        let entries = try Journal.readEntries(at: path).entries
        #expect(entries.map(\.seq) == Array(6...11), "sequence numbers count on")
        try writer.append(Self.donation(200))
        let after = try Journal.readEntries(at: path).entries
        #expect(after.map(\.record) == (0..<5).map(Self.donation) + [Self.donation(100), Self.donation(200)])
        #expect(after.last?.seq == 12)
        #expect(writer.state.donations["e"]?.count == 7)
        try writer.close()
    }

    @Test func keepsTheModeTheLinkAndUnknownKindsAndSavesDamage() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let real = dir.file("real.jsonl")
        let journal = try Journal.open(at: real)
        try journal.append(Self.donation(1))
        try journal.close()
        // A corrupted line, then a record of a kind a newer version wrote.
        var bytes = readFile(real)
        var unknown: [UInt8] = []
        LineEncoder.appendLine(seq: 3, body: Array(#""t":"future","x":1"#.utf8), to: &unknown)
        bytes += Array("{\"seq\":2,garbage}\n".utf8) + unknown
        writeFile(real, bytes)
        #expect(chmod(real, 0o600) == 0)
        let link = dir.file("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.jsonl")

        let report = try Journal.replace(at: link, created: 0) { file throws(JournalError) in try file.append(Self.donation(9)) }
        #expect(report?.corruptedLines.count == 1)
        #expect(report?.unknownRecords.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: real)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.jsonl")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let read = try Journal.readEntries(at: real)
        #expect(read.entries.map(\.record) == [Self.donation(9)])
        #expect(read.report.unknownRecords.map(\.kind) == ["future"], "unknown kinds are carried forward")
        #expect(String(decoding: readFile(real + ".corrupt"), as: UTF8.self) == "{\"seq\":2,garbage}\n")
    }

    @Test func refusesWhatIsNotAJournalAndLeavesItAlone() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let notes = dir.file("notes.txt")
        writeFile(notes, Array("dear diary\n".utf8))
        #expect(throws: JournalError.self) {
            try Journal.replace(at: notes, created: 0) { file throws(JournalError) in try file.append(Self.donation(1)) }
        }
        #expect(readFile(notes) == Array("dear diary\n".utf8))
        #expect(throws: JournalError.self) {
            try Journal.replace(at: dir.path, created: 0) { _ throws(JournalError) in }
        }
        // Nothing there yet: a new journal dated `created`.
        let fresh = dir.file("fresh.jsonl")
        try Journal.replace(at: fresh, created: 1234) { file throws(JournalError) in try file.append(Self.donation(1)) }
        let text = String(decoding: readFile(fresh), as: UTF8.self)
        #expect(text.hasPrefix(#"{"journal":"tips","version":1,"created":1234,"#))
        #expect(try Journal.readEntries(at: fresh).entries.map(\.seq) == [1])
    }
}
