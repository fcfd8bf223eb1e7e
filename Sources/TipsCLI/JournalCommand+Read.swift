import Foundation
import TipsCommandLine
import TipsSource
import TipsJournal
import TipsText
import TipsTime

extension JournalCommand {
    /// `show`: every record, one per line.
    static func show(_ path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        let (entries, report) = try read(path, &invocation)
        var rows = [["SEQ", "TIME", "RECORD"]]
        for entry in entries {
            rows.append([String(entry.seq), entry.record.instant.map(ISO8601.display) ?? "-", entry.record.summary])
        }
        for unknown in report.unknownRecords {
            rows.append([String(unknown.seq), "-", "\(unknown.kind) (a record kind this version does not read; kept as written)"])
        }
        if !report.unknownRecords.isEmpty {
            // File order: unknown kinds sit between the records they were written among.
            let header = rows.removeFirst()
            rows.sort { (UInt64($0[0]) ?? 0) < (UInt64($1[0]) ?? 0) }
            rows.insert(header, at: 0)
        }
        invocation.stdout += StatusCommand.Snapshot.columns(rows)
        invocation.stdout += "\(entries.count) record\(entries.count == 1 ? "" : "s")"
            + (report.unknownRecords.isEmpty ? "" : ", \(report.unknownRecords.count) of unknown kinds kept")
            + "\n"
        for line in report.corruptedLines {
            invocation.warning("\(path):\(line.line): corrupted line skipped (\(line.reason)); run 'tipc journal \(path) verify'")
        }
        for repair in report.repairs {
            invocation.warning("\(path):\(repair.line): torn last line skipped (\(repair.reason))")
        }
        return ExitCode.success
    }

    /// `verify`: torn and corrupted lines, by line number. Reads only.
    static func verify(_ path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        let (entries, report) = try read(path, &invocation)
        for line in report.corruptedLines {
            invocation.stdout += "\(path):\(line.line): corrupted line (\(line.reason)): \(line.length) bytes at offset \(line.offset); readers skip it\n"
        }
        for repair in report.repairs {
            invocation.stdout += "\(path):\(repair.line): torn last line (\(repair.reason)): \(repair.bytes) bytes at offset \(repair.offset); the next writer cuts it off (keeping a copy in .corrupt)\n"
        }
        for problem in report.sequenceProblems {
            invocation.stdout += "\(path):\(problem.line): sequence number \(problem.seq) is not above \(problem.previous)\n"
        }
        for unknown in report.unknownRecords {
            invocation.stdout += "\(path):\(unknown.line): note: record kind '\(TerminalText.escaped(unknown.kind))' is not read by this version; kept as written\n"
        }
        let problems = report.corruptedLines.count + report.repairs.count + report.sequenceProblems.count
        let records = "\(entries.count) record\(entries.count == 1 ? "" : "s")"
        if problems == 0 {
            invocation.stdout += "\(path): ok, \(records)\n"
            return ExitCode.success
        }
        invocation.stdout += "\(path): \(problems) problem\(problems == 1 ? "" : "s"), \(records) readable\n"
        return ExitCode.failure
    }

    /// `compact`: an atomic rewrite as a snapshot; prints the sizes before and after.
    static func compact(_ path: String, at: Int64, definitions: Definitions?,
                        _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        let before = try size(of: path, &invocation)
        var options = JournalOptions()
        options.now = { at }
        options.autoCompactBytes = nil
        var policy = CompactionPolicy.keepAll
        if let definitions {
            var limits: [String: DonationLimit] = [:]
            for e in definitions.bundle.events {
                limits[definitions.string(e.name)] = DonationLimit(maxCount: Int(e.limit), maxAgeMs: e.maxAge)
            }
            let frozen = limits
            policy = CompactionPolicy { frozen[$0] }
        }
        let recordsBefore: Int
        do {
            let journal = try Journal.open(at: path, durability: .synced, options: options)
            let report = journal.report
            recordsBefore = report.records
            try journal.compact(policy: policy)
            try journal.close()
            if !report.corruptedLines.isEmpty {
                invocation.stderr += "tipc: note: \(report.corruptedLines.count) corrupted line\(report.corruptedLines.count == 1 ? "" : "s") copied to \(journal.corruptPath)\n"
            }
            for repair in report.repairs {
                invocation.stderr += "tipc: note: \(path):\(repair.line): cut off a torn last line (\(repair.reason)); its bytes are in \(journal.corruptPath)\n"
            }
        } catch {
            throw fail(error, path: path, &invocation)
        }
        let after = try size(of: path, &invocation)
        let recordsAfter = (try? Journal.readEntries(at: path).entries.count) ?? 0
        invocation.stdout += "compacted \(path): \(before) → \(after) bytes, \(recordsBefore) → \(recordsAfter) records\n"
        return ExitCode.success
    }

    /// `donate`, `set`, `display`, `invalidate`: one record, and what follows from it in
    /// the journal's state (`following`: the invalidations a donation triggers), in one
    /// group; `ok` once it is durable.
    static func append(_ record: JournalRecord, to path: String,
                       following: (JournalState) -> [JournalRecord] = { _ in [] },
                       _ invocation: inout Invocation) throws(Definitions.Exit) -> Int32 {
        var added: [JournalRecord] = []
        do {
            let journal = try Journal.open(at: path, durability: .synced)
            for repair in journal.report.repairs {
                invocation.stderr += "tipc: note: \(path):\(repair.line): cut off a torn last line (\(repair.reason)); its bytes are in \(journal.corruptPath)\n"
            }
            added = following(journal.state)
            // Synced: append returns after write + fsync, so the records are durable here.
            _ = try journal.append(contentsOf: [record] + added)
            try journal.close()
        } catch {
            throw fail(error, path: path, &invocation)
        }
        for case .invalidate(let tip, let reason, _) in added {
            invocation.stdout += "invalidated \(tip) (\(reason)): its 'invalidate when' matches this donation\n"
        }
        invocation.stdout += "ok\n"
        return ExitCode.success
    }

    /// All valid entries and the report of what is wrong, without writing anything.
    static func read(_ path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> ([JournalEntry], JournalReport) {
        // The reader refuses FIFOs, devices and files whose size lies before reading.
        do {
            let read = try Journal.readEntries(at: path)
            return (read.entries, read.report)
        } catch {
            throw fail(error, path: path, &invocation)
        }
    }

    static func size(of path: String, _ invocation: inout Invocation) throws(Definitions.Exit) -> Int {
        // stat, not lstat: through a link, the journal's size, not the link's.
        var st = stat()
        guard stat(path, &st) == 0 else {
            invocation.error("no such file or directory: \(path)")
            throw Definitions.Exit(status: ExitCode.usage)
        }
        return Int(st.st_size)
    }
}

extension JournalRecord {
    /// The record's instant (a compaction snapshot of a tip has none of its own).
    var instant: Int64? {
        switch self {
        case .param(_, _, let at), .donate(_, let at, _), .displayBegan(_, let at), .displayEnded(_, let at),
             .invalidate(_, _, let at), .resetEligibility(_, let at), .resetStore(let at), .install(_, let at),
             .exposure(_, _, _, let at), .snooze(_, _, _, let at):
            return at
        case .tipSnapshot:
            return nil
        }
    }

    /// The record for people, values spelled as `tipc journal` accepts them.
    var summary: String {
        switch self {
        case .param(let name, let value, _):
            return "param \(name) = \(value.literal)"
        case .donate(let event, _, let payload):
            guard !payload.isEmpty else { return "donate \(event)" }
            let fields = payload.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            return "donate \(event)(" + fields.map { "\($0): \(payload[$0]?.literal ?? "nil")" }.joined(separator: ", ") + ")"
        case .displayBegan(let tip, _): return "displayBegan \(tip)"
        case .displayEnded(let tip, _): return "displayEnded \(tip)"
        case .invalidate(let tip, let reason, _): return "invalidate \(tip) reason \(reason)"
        case .resetEligibility(let tip, _): return "resetEligibility \(tip)"
        case .resetStore: return "resetStore"
        case .install(let id, _): return "install \(id)"
        case .exposure(let tip, let experiment, let variant, _): return "exposure \(tip) \(experiment) \(variant)"
        case .snooze(let tip, let until, let count, _): return "snooze \(tip) until \(ISO8601.display(until)) (snooze \(count))"
        case .tipSnapshot(let tip, let s):
            var parts = ["\(s.displayCount) display\(s.displayCount == 1 ? "" : "s")", "\(DurationText.format(s.displayMs, separator: " ", zero: "0ms")) in all"]
            if let t = s.firstDisplayAt { parts.append("first \(ISO8601.display(t))") }
            if let t = s.lastDisplayAt { parts.append("last \(ISO8601.display(t))") }
            if let t = s.openSince { parts.append("open since \(ISO8601.display(t))") }
            if let inv = s.invalidation { parts.append("invalidated (\(inv.reason)) at \(ISO8601.display(inv.at))") }
            return "tip \(tip): " + parts.joined(separator: ", ")
        }
    }
}

extension JournalValue {
    /// The value as `tipc journal` accepts it: `true`, `3`, `2.5`, `"text"`, an ISO-8601
    /// date, `.case`, `["a", "b"]`, `nil`.
    var literal: String {
        switch self {
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"  // Swift's shortest round-trip text: 3.0, 0.1, 1e-05
        case .string(let s): return JournalValue.quoted(s)
        case .date(let ms): return ISO8601.display(ms)
        case .set(let s):
            return "[" + s.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map(JournalValue.quoted).joined(separator: ", ") + "]"
        case .enumCase(let c): return "." + c
        case .null: return "nil"
        }
    }

    /// A double-quoted string with `"`, `\` and control characters escaped.
    static func quoted(_ s: String) -> String {
        JSON.string(s).rendered()
    }
}
