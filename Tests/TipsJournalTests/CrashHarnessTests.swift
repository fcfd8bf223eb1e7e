import Foundation
import Testing
import TipsBenchSupport
@testable import TipsJournal

/// Runs journal-crash-writer processes: kills them mid-append, runs several at once, and
/// fills the disk (RLIMIT_FSIZE), then checks the journal against what they acknowledged.
@Suite(.serialized, .enabled(if: crashWriterPath() != nil,
                             "journal-crash-writer not found next to the test bundle or in .build/debug; run `swift build` first"))
struct CrashHarnessTests {
    /// A started writer and its captured output.
    struct Writer {
        let process: Process
        let stdout: Pipe
        let stderr: Pipe

        /// Counters the writer printed: each one acknowledged (durable) before printing.
        func acknowledged(prefix: Data = Data()) -> [Int] {
            let data = prefix + stdout.fileHandleForReading.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self)
            // Only whole lines: a kill can't split one write(2) to a pipe, but be strict.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if !(text.isEmpty || text.hasSuffix("\n")) { lines.removeLast() }
            return lines.compactMap { Int($0) }
        }

        func errorText() -> String {
            String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
    }

    static func start(_ arguments: [String]) throws -> Writer {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: crashWriterPath() ?? "/nonexistent")
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        return Writer(process: p, stdout: out, stderr: err)
    }

    /// The counters of `writer`'s records in file order.
    static func counters(_ entries: [JournalEntry], writer: String) -> [Int] {
        entries.compactMap { e in
            guard case .donate("crash", _, let payload) = e.record, payload["w"] == .string(writer),
                  case .int(let n)? = payload["n"] else { return nil }
            return Int(n)
        }
    }

    @Test func sigkillAtRandomInstantsLosesNoAcknowledgedRecord() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        var rng = SeededGenerator(seed: 0x7195)
        var acked: [String: Int] = [:]
        let kills = 200
        var torn = 0
        for k in 0..<kills {
            let name = "r\(k)"
            var args = ["append", "--path", path, "--writer", name]
            if k % 3 == 2 { args += ["--mode", "batched", "--batch", "4"] }
            // Small threshold on some runs so kills also land inside compactions.
            if k % 4 == 1 { args += ["--compact-bytes", "20000"] }
            // Writes that pause mid-line, so some kills leave a torn tail to repair.
            if k % 5 == 3 { args += ["--torn-writes"] }
            let w = try Self.start(args)
            // Half the runs are killed at a random instant after launch (open, header,
            // repair included); the other half once appending is under way.
            var early = Data()
            if k % 2 == 0 { early = w.stdout.fileHandleForReading.availableData }
            Thread.sleep(forTimeInterval: Double(Int.random(in: 0...12_000, using: &rng)) / 1e6)
            JournalPlatform.killHard(w.process.processIdentifier)
            let got = w.acknowledged(prefix: early)
            w.process.waitUntilExit()
            #expect(got == Array(0..<got.count), "run \(k): acknowledgements out of order")
            acked[name] = got.count
            guard FileManager.default.fileExists(atPath: path) else {
                // Killed before it created the journal: it can't have acknowledged anything.
                #expect(got.isEmpty, "run \(k)")
                continue
            }
            let (entries, report) = try Journal.readEntries(at: path)
            #expect(report.corruptedLines.isEmpty, "run \(k): \(report.corruptedLines)")
            // Only the very last line may be torn.
            #expect(report.repairs.count <= 1, "run \(k)")
            if let r = report.repairs.first {
                torn += 1
                #expect(r.offset + r.bytes == readFile(path).count, "run \(k)")
            }
            let mine = Self.counters(entries, writer: name)
            #expect(mine == Array(0..<mine.count), "run \(k): lost, duplicated or reordered records")
            #expect(mine.count >= got.count, "run \(k): acknowledged \(got.count), found \(mine.count)")
        }
        // Every run's acknowledged records are still there after all later kills and
        // compactions, and the journal reopens with nothing worse than a torn last line.
        let j = try Journal.open(at: path)
        #expect(j.report.corruptedLines.isEmpty)
        try j.close()
        let (entries, report) = try Journal.readEntries(at: path)
        #expect(report.isClean)
        let seqs = entries.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        for (name, count) in acked {
            let mine = Self.counters(entries, writer: name)
            #expect(mine.count >= count, "\(name): acknowledged \(count), found \(mine.count)")
            #expect(mine == Array(0..<mine.count), "\(name)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        #expect(torn > 0, "no kill landed mid-line: the repair path went unexercised")
        print("crash harness: \(kills) kills, \(acked.values.reduce(0, +)) acknowledged records, "
              + "\(torn) torn tails repaired, \(entries.count) records in the final journal")
    }

    @Test func fourWritersAtOnceInterleaveWholeRecordsOnly() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let count = 250
        let names = ["a", "b", "c", "d"]
        let writers = try names.enumerated().map { i, name in
            try Self.start(["append", "--path", path, "--writer", name, "--count", "\(count)"]
                           + (i % 2 == 1 ? ["--mode", "batched", "--batch", "7"] : []))
        }
        for (w, name) in zip(writers, names) {
            let got = w.acknowledged()
            w.process.waitUntilExit()
            #expect(w.process.terminationStatus == 0, "\(name): \(w.errorText())")
            #expect(got == Array(0..<count), "\(name)")
        }
        let (entries, report) = try Journal.readEntries(at: path)
        #expect(report.isClean)
        #expect(entries.count == 4 * count)
        #expect(entries.map(\.seq) == Array(1...UInt64(4 * count)))
        for name in names {
            #expect(Self.counters(entries, writer: name) == Array(0..<count), "\(name)")
        }
    }

    @Test func fourWritersAtOnceWhileTheyCompact() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        let count = 200
        let names = ["a", "b", "c", "d"]
        // A small threshold: each writer compacts many times while the others append.
        let writers = try names.enumerated().map { i, name in
            try Self.start(["append", "--path", path, "--writer", name, "--count", "\(count)",
                            "--compact-bytes", "6000"]
                           + (i % 2 == 1 ? ["--mode", "batched", "--batch", "5"] : []))
        }
        for (w, name) in zip(writers, names) {
            let got = w.acknowledged()
            w.process.waitUntilExit()
            #expect(w.process.terminationStatus == 0, "\(name): \(w.errorText())")
            #expect(got == Array(0..<count), "\(name)")
        }
        let (entries, report) = try Journal.readEntries(at: path)
        #expect(report.isClean)
        let seqs = entries.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        // Snapshot records take fresh numbers, so numbers past the record count prove
        // that compactions happened.
        #expect((seqs.last ?? 0) > UInt64(4 * count))
        for name in names {
            #expect(Self.counters(entries, writer: name) == Array(0..<count), "\(name)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFullDiskIsAnErrorAndLeavesNoPartialLine() throws {
        let dir = TempDir()
        defer { dir.cleanup() }
        let path = dir.file()
        try Journal.open(at: path).close()
        let limit = readFile(path).count + 3000
        let w = try Self.start(["append", "--path", path, "--writer", "full", "--count", "100000",
                                "--rlimit", "\(limit)"])
        let got = w.acknowledged()
        w.process.waitUntilExit()
        let message = w.errorText()
        #expect(w.process.terminationStatus == 1)
        #expect(w.process.terminationReason == .exit, "killed by a signal (SIGXFSZ not ignored?)")
        #expect(message.contains("write failed"), "\(message)")
        #expect(message.contains(path))
        let bytes = readFile(path)
        #expect(bytes.count <= limit)
        #expect(bytes.last == 0x0A)
        let (entries, report) = try Journal.readEntries(at: path)
        #expect(report.isClean)
        #expect(Self.counters(entries, writer: "full") == Array(0..<got.count))
        #expect(got.count > 5)
    }
}
