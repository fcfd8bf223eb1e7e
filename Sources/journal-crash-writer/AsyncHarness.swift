import Foundation
import TipsBenchSupport
import TipsJournal

/// `harness-async`: the crash harness of the default (asynchronous) store. Starts
/// `journal-crash-writer store` processes, SIGKILLs each at a random instant, and checks
/// the journal against the writer's log:
///
/// - every donation acknowledged by a `flush()` that returned is in the journal (none may
///   be lost), and the writer's records there are 0..<S in order, each once;
/// - the journal has no corrupted line and at most a torn last line;
/// - what was lost: the donations that returned but were not yet acknowledged and are
///   not in the journal (records), and how far back before the kill the first of them
///   was made (milliseconds): the window a crash loses.
///
/// Prints the loss distribution (median, p99, max) and fails on any lost acknowledged
/// record.
enum AsyncHarness {
    struct Run {
        var donated = 0
        var acknowledged = 0
        var survived = 0
        var lostRecords = 0
        var lostMs: Int64 = 0
    }

    static func run(executable: String, dir: String, kills: Int, seed: UInt64, flood: Bool,
                    freshEvery: Int) throws -> [Run] {
        var rng = SeededGenerator(seed: seed)  // so a seed reproduces the kill instants
        let journal = dir + "/async.jsonl"
        var runs: [Run] = []
        for k in 0..<kills {
            if k % freshEvery == 0 {
                for suffix in ["", ".lock", ".corrupt"] { try? FileManager.default.removeItem(atPath: journal + suffix) }
            }
            let writer = "w\(k)"
            let logPath = dir + "/log-\(k % 2)"
            try? FileManager.default.removeItem(atPath: logPath)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: executable)
            p.arguments = ["store", "--path", journal, "--writer", writer, "--log", logPath]
                + (flood ? ["--flood"] : ["--pace-ms", "10"]) + ["--flush-ms", "50"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Half the kills at a random instant after launch (open and replay included),
            // half once donations are under way.
            if k % 2 == 0 {
                for _ in 0..<4000 {
                    if let size = try? FileManager.default.attributesOfItem(atPath: logPath)[.size] as? Int, size > 0 { break }
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            Thread.sleep(forTimeInterval: Double(20 + Int(rng.next() % 230)) / 1000)
            let killedAt = JournalPlatform.nowMilliseconds()
            JournalPlatform.killHard(p.processIdentifier)
            p.waitUntilExit()
            runs.append(try check(journal: journal, writer: writer, log: logPath, killedAt: killedAt, kill: k))
        }
        return runs
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func check(journal: String, writer: String, log: String, killedAt: Int64, kill k: Int) throws -> Run {
        var run = Run()
        var donationTimes: [Int64] = []
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 3, parts[0] == "d", let n = Int(parts[1]), let t = Int64(parts[2]), n == donationTimes.count {
                donationTimes.append(t)
            } else if parts.count == 2, parts[0] == "a", let n = Int(parts[1]) {
                run.acknowledged = max(run.acknowledged, n)
            }
        }
        run.donated = donationTimes.count
        guard FileManager.default.fileExists(atPath: journal) else {
            if run.acknowledged > 0 { throw Failure(description: "kill \(k): no journal, \(run.acknowledged) acknowledged") }
            return run
        }
        let (entries, report) = try Journal.readEntries(at: journal)
        if !report.corruptedLines.isEmpty { throw Failure(description: "kill \(k): corrupted lines \(report.corruptedLines)") }
        if report.repairs.count > 1 { throw Failure(description: "kill \(k): more than one torn line \(report.repairs)") }
        var mine: [Int64] = []
        for e in entries {
            if case .donate("crash", _, let payload) = e.record, payload["w"] == .string(writer), case .int(let n)? = payload["n"] {
                mine.append(n)
            }
        }
        if mine != (0..<Int64(mine.count)).map({ $0 }) {
            throw Failure(description: "kill \(k): \(writer)'s records are lost in the middle, duplicated or reordered")
        }
        run.survived = mine.count
        if run.survived < run.acknowledged {
            throw Failure(description: "kill \(k): \(run.acknowledged) acknowledged, only \(run.survived) in the journal")
        }
        if run.donated > run.survived {
            run.lostRecords = run.donated - run.survived
            run.lostMs = max(0, killedAt - donationTimes[run.survived])
        }
        return run
    }

    /// "median m, p99 p, max x" of `values`.
    static func summary<T: Comparable & CustomStringConvertible>(_ values: [T]) -> String {
        guard !values.isEmpty else { return "no runs" }
        let sorted = values.sorted()
        func at(_ q: Double) -> T { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded(.up)))] }
        return "median \(at(0.5)), p99 \(at(0.99)), max \(sorted[sorted.count - 1])"
    }
}
