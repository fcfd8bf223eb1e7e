import Foundation
import Testing
@testable import TipsJournal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal, its lock, compaction and merge agree on which file they mean when the file
/// is deleted, replaced, renamed, linked or cut short while a `Journal` has it open
/// (issue 19). Every case is a regression test.
@Suite struct FileIdentityTests {
    func donations(_ n: Int, event: String = "e", from start: Int = 0) -> [JournalRecord] {
        (start..<(start + n)).map { .donate(event: event, at: Int64($0), payload: [:]) }
    }

    func donationCount(_ path: String, event: String = "e") throws -> Int {
        JournalState(records: try Journal.readEntries(at: path).entries.map(\.record)).donations[event]?.count ?? 0
    }

    // MARK: - Sequence numbers after a cut

    /// A complete last line that fails its check is cut off; its number must not be given
    /// to the next record (numbers are never reused).
    @Test(arguments: ["crc", "newline"])
    func aCutLineSequenceNumberIsNotReused(damage: String) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(3))
        try j.close()
        var bytes = readFile(path)
        if damage == "crc" {
            // Flip one hex digit of the last line's crc: the line is whole but fails.
            let i = bytes.count - 4
            bytes[i] = bytes[i] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        } else {
            bytes.removeLast()
        }
        writeFile(path, bytes)
        let k = try Journal.open(at: path)
        #expect(k.report.repairs.count == 1)
        #expect(try k.append(.resetStore(at: 9)) == 4)
        try k.close()
        let read = try Journal.readEntries(at: path)
        #expect(read.entries.map(\.seq) == [1, 2, 4])
        #expect(read.report.isClean)
    }

    // MARK: - Deleted, renamed away, replaced, cut short

    @Test func aDeletedJournalIsWrittenAgainByTheNextAppend() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(5))
        #expect(unlink(path) == 0)
        try j.append(.param(name: "p", value: .int(1), at: 9))
        #expect(try donationCount(path) == 5)
        // The snapshot of the five and the new record, numbered on from 5.
        #expect(try Journal.readEntries(at: path).entries.map(\.seq) == Array(6...11))
        #expect(j.report.restorations.map(\.cause) == [.deleted])
        try j.close()
        #expect(try Journal.open(at: path).state == j.state)
    }

    @Test func aJournalDeletedAfterTheLastAppendIsWrittenAgainByClose() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(5))
        #expect(unlink(path) == 0)
        try j.close()
        #expect(try donationCount(path) == 5)
    }

    /// Records another handle appended to the old file before it was deleted are read
    /// through this handle's descriptor and kept too.
    @Test func recordsOthersAppendedBeforeTheDeletionAreKept() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let a = try Journal.open(at: path)
        let b = try Journal.open(at: path)
        try a.append(contentsOf: donations(2))
        try b.append(contentsOf: donations(3, event: "f"))
        #expect(unlink(path) == 0)
        try a.append(.param(name: "p", value: .int(1), at: 9))
        // b follows a's restored file as it would follow a compaction.
        try b.append(.param(name: "q", value: .int(2), at: 10))
        #expect(b.report.restorations.isEmpty)
        let state = try Journal.open(at: path).state
        #expect(state.donations["e"]?.count == 2)
        #expect(state.donations["f"]?.count == 3)
        #expect(state.params.keys.sorted() == ["p", "q"])
        try a.close()
        try b.close()
    }

    @Test func aJournalRenamedAwayIsWrittenAgainAndTheRenamedFileIsLeftAlone() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file(), moved = dir.file("moved.jsonl")
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(4))
        #expect(rename(path, moved) == 0)
        let movedBytes = readFile(moved)
        try j.append(.resetEligibility(tip: "A", at: 1))
        #expect(readFile(moved) == movedBytes)
        #expect(try donationCount(path) == 4)
        try j.close()
    }

    @Test func aJournalReplacedByAnotherJournalKeepsBothStates() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file(), other = dir.file("other.jsonl")
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(4))
        try j.append(.invalidate(tip: "A", reason: "tipClosed", at: 4))
        let o = try Journal.open(at: other)
        try o.append(contentsOf: donations(2, event: "g"))
        try o.close()
        #expect(rename(other, path) == 0)
        try j.append(.param(name: "p", value: .int(1), at: 9))
        let state = try Journal.open(at: path).state
        #expect(state.donations["e"]?.count == 4)
        #expect(state.donations["g"]?.count == 2)
        #expect(state.tips["A"]?.invalidation?.reason == "tipClosed")
        #expect(state.params["p"]?.value == .int(1))
        #expect(j.report.restorations.map(\.cause) == [.replacedByJournal])
        // Numbers keep going up past both files' numbers.
        let seqs = try Journal.readEntries(at: path).entries.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        #expect((seqs.first ?? 0) > 5)
        try j.close()
    }

    @Test func aJournalReplacedByAFileThatIsNoJournalMovesItAside() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file(), other = dir.file("notes.txt")
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(3))
        writeFile(other, Array("not a journal\n".utf8))
        #expect(rename(other, path) == 0)
        try j.append(.param(name: "p", value: .int(1), at: 9))
        #expect(try donationCount(path) == 3)
        let aside = try #require(j.report.restorations.first?.movedTo)
        #expect(readFile(aside) == Array("not a journal\n".utf8))
        #expect(j.report.restorations.first?.cause == .replacedByOtherFile)
        try j.close()
    }

    @Test func aJournalCutShortBehindTheWritersBackIsWrittenAgain() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(6))
        #expect(truncate(path, 0) == 0)
        try j.append(.param(name: "p", value: .int(1), at: 9))
        #expect(try donationCount(path) == 6)
        #expect(j.report.restorations.map(\.cause) == [.truncated])
        try j.close()
    }

    /// Another handle's compaction replaces the file too, but it is the same journal: it is
    /// followed (no restoration), also when the compacted state is empty.
    @Test(arguments: [false, true])
    func anotherWritersCompactionIsFollowedNotRestored(emptyState: Bool) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let a = try Journal.open(at: path)
        let b = try Journal.open(at: path)
        try a.append(contentsOf: donations(5))
        if emptyState { try b.append(.resetStore(at: 100)) }
        try b.compact()
        try a.append(.param(name: "p", value: .int(1), at: 101))
        #expect(a.report.restorations.isEmpty)
        #expect(try donationCount(path) == (emptyState ? 0 : 5))
        try a.close()
        try b.close()
    }

    /// Compaction, merge and `fileRecords()` mean the journal's file too: after a deletion
    /// each works on the state, not on an empty new file.
    @Test func compactionMergeAndFileRecordsAfterADeletionKeepTheState() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: donations(4))
        #expect(unlink(path) == 0)
        try j.compact()
        #expect(try donationCount(path) == 4)
        #expect(unlink(path) == 0)
        let appended = try j.merge(JournalMerge(records: donations(1, event: "g", from: 7)))
        #expect(appended == donations(1, event: "g", from: 7))
        #expect(try donationCount(path) == 4)
        #expect(try donationCount(path, event: "g") == 1)
        #expect(rename(path, dir.file("away.jsonl")) == 0)
        #expect(try JournalState(records: j.fileRecords()).donations["e"]?.count == 4)
        #expect(j.report.restorations.map(\.cause) == [.deleted, .deleted, .deleted])
        try j.close()
    }

    // MARK: - A new file's name

    /// Opening creates a journal without waiting for the disk, so every writer (not only the
    /// creator) fsyncs the directory before its first append: the creator may not have.
    @Test func theFirstAppendToAFileSyncsItsDirectoryFirst() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let syncs = Counter()
        var options = JournalOptions()
        options.io = JournalIO(write: JournalIO.system.write, fsync: { fd in
            syncs.add(1)
            return JournalIO.system.fsync(fd)
        })
        let creator = try Journal.open(at: path, options: options)
        #expect(syncs.value == 0)
        let other = try Journal.open(at: path, options: options)
        try other.append(.resetStore(at: 1))
        #expect(syncs.value == 2)                          // the directory, then the record
        try other.append(.resetStore(at: 2))
        #expect(syncs.value == 3)
        try creator.append(.resetStore(at: 3))
        #expect(syncs.value == 5)
        try creator.close()
        try other.close()
    }

    // MARK: - The lock file

    /// A lock file deleted (and made again by another opener) must not leave two writers
    /// each holding a lock on a different file.
    @Test func aDeletedLockFileIsOpenedAgain() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let a = try Journal.open(at: path)
        #expect(unlink(a.lockPath) == 0)
        let b = try Journal.open(at: path)                 // makes a new lock file
        try a.append(contentsOf: donations(1))
        try b.append(contentsOf: donations(1, from: 1))
        #expect(JournalPlatform.fileID(a.lockFD) == JournalPlatform.fileID(path: a.lockPath))
        #expect(JournalPlatform.fileID(b.lockFD) == JournalPlatform.fileID(path: a.lockPath))
        try a.close()
        try b.close()
    }

    // MARK: - Links

    /// A second name (hard link) would get its own lock file, and compaction would split
    /// the names: such a journal is refused at open, untouched.
    @Test func aHardLinkedJournalIsRefused() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file(), alias = dir.file("alias.jsonl")
        try Journal.open(at: path).close()
        #expect(link(path, alias) == 0)
        let before = readFile(path)
        for name in [path, alias] {
            #expect {
                _ = try Journal.open(at: name)
            } throws: { error in
                guard let e = error as? JournalError else { return false }
                return e.kind == .notRegularFile && e.description.contains("2 names")
            }
        }
        #expect(readFile(path) == before)
    }

    /// A folder that doesn't exist is named, not the lock file that couldn't be made in it.
    @Test func aMissingFolderIsNamed() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        for locking in [JournalLocking.processes, .none] {
            #expect {
                _ = try Journal.open(at: dir.path + "/missing/state.jsonl", locking: locking)
            } throws: { error in
                guard let e = error as? JournalError else { return false }
                return e.description.contains("the folder '\(dir.path)/missing' does not exist") && !e.description.contains(".lock")
            }
        }
    }
}

/// A reset is still a fact after compaction: merged with another device's older records, the
/// compacted journal keeps dropping what came before the reset.
@Suite struct ResetThroughCompactionTests {
    @Test func aResetSurvivesCompactionAsAFact() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: [.donate(event: "e", at: 1, payload: [:]), .resetStore(at: 10),
                                  .donate(event: "e", at: 20, payload: [:])])
        try j.compact()
        let before = j.state
        try j.close()
        let facts = JournalMerge(records: try Journal.readEntries(at: path).entries.map(\.record))
        #expect(facts.storeReset == 10)
        // Another device still holds a donation from before the reset.
        let other = JournalMerge(records: [.donate(event: "e", at: 5, payload: [:])])
        #expect(facts.merging(other).state.donations["e"]?.map(\.at) == [20])
        // The snapshot replays to the same state, the reset's instant included.
        #expect(try Journal.open(at: path).state == before)
    }
}
