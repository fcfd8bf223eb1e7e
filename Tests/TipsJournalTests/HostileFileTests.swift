import Foundation
import Testing
@testable import TipsJournal
import TipsBenchSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Journals reached through symbolic links, with private modes, special files, huge damaged
/// tails and lines this build cannot read: every case a regression of issue 13. Special
/// files are only ever created inside a scratch directory.
@Suite struct HostileFileTests {
    func sampleRecords(_ n: Int, from start: Int = 0) -> [JournalRecord] {
        (start..<(start + n)).map { JournalBenchmarks.sampleRecord($0) }
    }

    func fileStat(_ path: String, followLinks: Bool = true) -> stat? {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        return rc == 0 ? st : nil
    }

    // MARK: - Symbolic links

    /// A link and its target are one journal: they must take one lock.
    @Test func aLinkAndItsTargetShareOneLock() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let target = dir.file("real.jsonl"), link = dir.file("link.jsonl")
        #expect(symlink("real.jsonl", link) == 0)
        let viaLink = try Journal.open(at: link)
        let viaTarget = try Journal.open(at: target)
        #expect(viaLink.lockPath == viaTarget.lockPath)
        try viaLink.close()
        try viaTarget.close()
    }

    /// Writers through a link while another process-like writer compacts the target lose
    /// nothing they acknowledged.
    @Test func writersThroughALinkAndACompactorLoseNothing() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let target = dir.file("real.jsonl"), link = dir.file("link.jsonl")
        #expect(symlink(target, link) == 0)
        let options = { var o = JournalOptions(); o.autoCompactBytes = nil; return o }()
        let perWriter = 150
        let acknowledged = Counter()
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { w in
            do {
                if w == 3 {
                    let compactor = try Journal.open(at: target, options: options)
                    for _ in 0..<40 { try compactor.compact() }
                    try compactor.close()
                    return
                }
                let j = try Journal.open(at: w == 0 ? target : link, options: options)
                for i in 0..<perWriter {
                    try j.append(.donate(event: "w\(w)", at: Int64(i), payload: [:]))
                    acknowledged.add(1)
                }
                try j.close()
            } catch {
                failures.add(1)
            }
        }
        #expect(failures.value == 0)
        let read = try Journal.readEntries(at: target)
        let donations = JournalState(records: read.entries.map(\.record)).donations.values.reduce(0) { $0 + $1.count }
        #expect(donations == acknowledged.value)
        #expect(read.report.isClean)
    }

    /// Compacting through a link rewrites the target and leaves the link a link.
    @Test func compactingThroughALinkKeepsTheLink() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let sub = dir.path + "/data"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        let target = sub + "/real.jsonl", link = dir.file("link.jsonl")
        #expect(symlink("data/real.jsonl", link) == 0)
        let j = try Journal.open(at: link)
        try j.append(contentsOf: sampleRecords(20))
        try j.compact()
        try j.append(.resetStore(at: 5))
        try j.close()
        let linkStat = try #require(fileStat(link, followLinks: false))
        #expect(UInt32(linkStat.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK))
        let read = try Journal.readEntries(at: target)
        // The snapshot (20 donations) and the reset appended after it, all in the target.
        #expect(read.entries.count == 21)
        #expect(read.entries.last?.record == .resetStore(at: 5))
        // No temp file left beside the link or the target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: sub).sorted() == ["real.jsonl", "real.jsonl.lock"])
    }

    /// A link to a journal that does not exist yet creates the target, not a file over the link.
    @Test func aDanglingLinkCreatesItsTarget() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let link = dir.file("link.jsonl")
        #expect(symlink("new.jsonl", link) == 0)
        let j = try Journal.open(at: link)
        try j.append(.displayBegan(tip: "A", at: 1))
        try j.compact()
        try j.close()
        let linkStat = try #require(fileStat(link, followLinks: false))
        #expect(UInt32(linkStat.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK))
        #expect(try Journal.readEntries(at: dir.file("new.jsonl")).entries.isEmpty == false)
    }

    // MARK: - Modes and owners

    @Test func compactionKeepsAPrivateMode() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(3))
        try j.close()
        #expect(chmod(path, 0o600) == 0)
        // A corrupted middle line, so compaction also writes `.corrupt`.
        var bytes = readFile(path)
        let starts = lineStarts(bytes)
        bytes[starts[1] + 3] ^= 0x01
        writeFile(path, bytes)
        #expect(chmod(path, 0o600) == 0)
        let k = try Journal.open(at: path)
        try k.compact()
        try k.close()
        #expect(try #require(fileStat(path)).st_mode & 0o7777 == 0o600)
        #expect(try #require(fileStat(path + ".corrupt")).st_mode & 0o7777 == 0o600)
    }

    @Test func compactionKeepsTheOwnerWhenItCan() throws {
        guard getuid() == 0 else { return }  // only root can give a file away
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(3))
        try j.close()
        #expect(chown(path, 4321, 4322) == 0)
        let k = try Journal.open(at: path)
        try k.compact()
        try k.close()
        let st = try #require(fileStat(path))
        #expect(st.st_uid == 4321)
        #expect(st.st_gid == 4322)
    }

    // MARK: - Special files

    @Test func aFIFOIsRefusedAndNothingIsWrittenIntoIt() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: JournalError.self) { try Journal.open(at: fifo) }
        #expect(throws: JournalError.self) { try Journal.readEntries(at: fifo) }
        // Still a FIFO, and nothing waits in it (a non-blocking read sees no data).
        let st = try #require(fileStat(fifo))
        #expect(UInt32(st.st_mode) & UInt32(S_IFMT) == UInt32(S_IFIFO))
        let fd = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        var byte: UInt8 = 0
        #expect(read(fd, &byte, 1) <= 0)
    }

    /// `/proc` files say size 0 but have content: not an empty journal. Read only.
    @Test func aFileWhoseSizeLiesIsNotAnEmptyJournal() throws {
        let proc = "/proc/self/status"
        guard FileManager.default.fileExists(atPath: proc) else { return }
        #expect(throws: JournalError.self) { try Journal.readEntries(at: proc) }
    }

    /// A long first line that starts like a header: the writer and the reader agree.
    @Test func aLongHeaderLikeLineIsRefusedByBoth() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let content = Array("{\"journal\":\"tips\",\"version\":1".utf8) + [UInt8](repeating: 0x20, count: 5000)
        writeFile(path, content)
        #expect(throws: JournalError.self) { try Journal.readEntries(at: path) }
        #expect(throws: JournalError.self) { try Journal.open(at: path) }
        #expect(readFile(path) == content)
    }

    // MARK: - Damaged tails

    /// A tail far longer than any line: opened with bounded reads, cut off, and its first
    /// bytes kept in `.corrupt`. The sizes are shrunk so the test stays fast.
    @Test func aHugeTailIsRepairedInBoundedMemory() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(5))
        try j.close()
        let good = readFile(path)
        writeFile(path, good + [UInt8](repeating: 0x41, count: 1 << 20))
        var options = JournalOptions()
        options.readChunkBytes = 4096
        options.maxLineBytes = 16 << 10
        let read = try Journal.readEntries(at: path, options: options)
        #expect(read.entries.count == 5)
        #expect(read.report.repairs.first?.bytes == 1 << 20)
        #expect(read.peakReadBytes <= 32 << 10)
        let k = try Journal.open(at: path, options: options)
        #expect(k.peakReadBytes <= 32 << 10)
        #expect(k.state.donations["manualSave"]?.count == 5)
        #expect(k.report.repairs.first?.bytes == 1 << 20)
        try k.close()
        #expect(readFile(path) == good)
        let kept = readFile(path + ".corrupt")
        #expect(kept.count == (16 << 10) + 1)
        #expect(kept.prefix(16) == [UInt8](repeating: 0x41, count: 16)[...])
    }

    /// A tail of gigabytes (a sparse file: no disk used) opens, and only reads in chunks.
    @Test func aSparseGigabyteTailOpens() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(2))
        try j.close()
        let good = readFile(path)
        // 64 MiB of zeros without a newline: large enough to matter, quick to scan.
        #expect(truncate(path, off_t(good.count + (64 << 20))) == 0)
        let k = try Journal.open(at: path)
        #expect(k.peakReadBytes <= JournalFormat.maximumLineBytes + (4 << 20))
        #expect(k.report.repairs.first?.bytes == 64 << 20)
        try k.close()
        #expect(readFile(path) == good)
    }

    /// A complete last line that fails to decode is cut off but its bytes are kept.
    @Test(arguments: ["crc", "newline"])
    func aRejectedLastLineIsKept(_ damage: String) throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(3))
        try j.close()
        var bytes = readFile(path)
        let last = Array(bytes[lineStarts(bytes).last!...])
        if damage == "crc" {
            bytes[bytes.count - 5] = bytes[bytes.count - 5] == 0x30 ? 0x31 : 0x30
        } else {
            bytes.removeLast()
        }
        writeFile(path, bytes)
        let k = try Journal.open(at: path)
        #expect(k.report.repairs.count == 1)
        try k.close()
        let kept = readFile(path + ".corrupt")
        if damage == "crc" {
            #expect(kept.count == last.count)
        } else {
            #expect(kept == last)
        }
    }

    /// Found by the journal fuzzer: a corrupted line just before a torn tail became the last
    /// line once the tail was cut, so the next open cut it too. One repair takes both (and
    /// keeps both in `.corrupt`).
    @Test func aCorruptedLineBeforeATornTailIsRepairedOnce() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(4))
        try j.close()
        var bytes = readFile(path)
        let starts = lineStarts(bytes)
        bytes[starts[3] + 12] ^= 0x01     // line 4 corrupted
        bytes.removeLast(10)               // line 5 torn
        writeFile(path, bytes)
        let read = try Journal.readEntries(at: path)
        #expect(read.report.corruptedLines.isEmpty)
        #expect(read.report.repairs.map(\.line) == [4])
        let k = try Journal.open(at: path)
        #expect(k.report.repairs == read.report.repairs)
        try k.close()
        #expect(try Journal.readEntries(at: path).report.isClean)
        #expect(readFile(path) == Array(bytes[..<starts[3]]))
        #expect(readFile(path + ".corrupt") == Array(bytes[starts[3]...]) + [0x0A])
    }

    /// Writers never write a line readers would call damage.
    @Test func aRecordLongerThanTheLineLimitIsRefused() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        var options = JournalOptions()
        options.maxLineBytes = 512
        let j = try Journal.open(at: path, options: options)
        try j.append(.donate(event: String(repeating: "e", count: 400), at: 1, payload: [:]))
        let before = readFile(path)
        #expect(throws: JournalError.self) {
            try j.append(.donate(event: String(repeating: "e", count: 500), at: 2, payload: [:]))
        }
        try j.close()
        #expect(readFile(path) == before)
        #expect(try Journal.readEntries(at: path, options: options).report.isClean)
    }

    // MARK: - Replay order

    /// Replay sorts out-of-order donations once instead of inserting each in place (a
    /// journal in falling time order replayed in quadratic time); the state must be the one
    /// record-by-record `apply` builds, equal times in journal order, across a resetStore.
    @Test(arguments: 0..<8)
    func batchedReplayEqualsApplyingOneByOne(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &+ 13)
        var records: [JournalRecord] = []
        for i in 0..<400 {
            let at = Int64.random(in: 0..<40, using: &rng)   // many equal instants
            let event = ["a", "b"].randomElement(using: &rng) ?? "a"
            records.append(i == 200 ? .resetStore(at: at) : .donate(event: event, at: at, payload: ["i": .int(Int64(i))]))
        }
        var folded = JournalState()
        for r in records { folded.apply(r) }
        #expect(JournalState(records: records) == folded)
        #expect(JournalState().applying(records) == folded)

        let dir = TempDir()
        defer { dir.cleanup() }
        let j = try Journal.open(at: dir.file())
        try j.append(contentsOf: records)
        try j.close()
        #expect(try Journal.open(at: dir.file()).state == folded)
    }

    // MARK: - Records of a newer version

    func unknownLine(seq: UInt64, kind: String = "futureThing", rest: String = ",\"at\":5,\"x\":[1,2]") -> [UInt8] {
        var body = Array("\"t\":\"\(kind)\"\(rest)".utf8)
        if body.isEmpty { body = [] }
        var out: [UInt8] = []
        LineEncoder.appendLine(seq: seq, body: body, to: &out)
        return out
    }

    /// A checksummed line of a kind this build does not know is kept, like an unknown id:
    /// not corrupted, not cut off, and carried through compaction.
    @Test func unknownRecordKindsAreKeptThroughCompaction() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(2))
        try j.close()
        writeFile(path, readFile(path) + unknownLine(seq: 3) + unknownLine(seq: 4, kind: "later", rest: ""))
        let read = try Journal.readEntries(at: path)
        #expect(read.report.isClean)
        #expect(read.report.unknownRecords.map(\.kind) == ["futureThing", "later"])
        let k = try Journal.open(at: path)
        #expect(k.report.isClean)
        #expect(k.lastSequence == 4)
        try k.compact()
        try k.append(.resetEligibility(tip: "A", at: 9))
        try k.close()
        let after = try Journal.readEntries(at: path)
        #expect(after.report.isClean)
        #expect(after.report.unknownRecords.map(\.kind) == ["futureThing", "later"])
        #expect(after.entries.count == 3)
        // Sequence numbers still only go up.
        #expect(after.report.sequenceProblems.isEmpty)
        let text = String(decoding: readFile(path), as: UTF8.self)
        #expect(text.contains("\"t\":\"futureThing\",\"at\":5,\"x\":[1,2],\"crc\""))
    }

    // MARK: - Sequence numbers

    @Test func repeatedAndDecreasingSequenceNumbersAreReported() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.append(contentsOf: sampleRecords(3))
        try j.close()
        var extra: [UInt8] = []
        LineEncoder.appendLine(seq: 3, body: try LineEncoder.recordBody(.resetStore(at: 1), path: path), to: &extra)
        LineEncoder.appendLine(seq: 2, body: try LineEncoder.recordBody(.resetStore(at: 2), path: path), to: &extra)
        writeFile(path, readFile(path) + extra)
        let read = try Journal.readEntries(at: path)
        #expect(read.report.sequenceProblems.map(\.line) == [5, 6])
        #expect(!read.report.isClean)
    }

    @Test func theLastSequenceNumberIsNeverWrappedAround() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let j = try Journal.open(at: path)
        try j.close()
        var extra: [UInt8] = []
        LineEncoder.appendLine(seq: UInt64.max, body: try LineEncoder.recordBody(.displayBegan(tip: "A", at: 1), path: path), to: &extra)
        writeFile(path, readFile(path) + extra)
        let before = readFile(path)
        let k = try Journal.open(at: path)
        #expect(throws: JournalError.self) { try k.append(.resetStore(at: 2)) }
        #expect(throws: JournalError.self) { try k.compact() }
        try k.close()
        #expect(readFile(path) == before)
    }
}

/// A thread-safe counter for the concurrent tests.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add(_ n: Int) { lock.lock(); count += n; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
